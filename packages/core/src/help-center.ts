/** The Help Center's contact form (issue 20 item 12): what it asks and how much it takes. */
export const HELP_TOPICS = ['question', 'problem', 'account', 'idea'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const HELP_TOPIC_LABELS: Record<HelpTopic, string> = {
  question: 'A question about using Till',
  problem: 'Something is not working',
  account: 'My account or business set-up',
  idea: 'An idea or a missing feature',
};

export const HELP_SUBJECT_MAX = 150;
export const HELP_MESSAGE_MIN = 10;
export const HELP_MESSAGE_MAX = 5000;
/** Contact messages a business may send in an hour: enough for a real problem, too few for a relay. */
export const HELP_REQUESTS_PER_HOUR = 5;
