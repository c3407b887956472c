import type { WidgetOptions } from '@till/core';

/** A website origin as the server accepts it: http(s), no path. */
export function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/** The origins typed one per line (a trailing slash is forgiven), and the lines that are not origins. */
export function parseOrigins(text: string): { valid: string[]; invalid: string[] } {
  const lines = text
    .split(/[\n,]/)
    .map((line) => line.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const valid = [...new Set(lines.filter(isOrigin))];
  return { valid, invalid: lines.filter((line) => !isOrigin(line)) };
}

const CORNER: Record<WidgetOptions['position'], string> = {
  'bottom-right': 'bottom:0;right:0',
  'bottom-left': 'bottom:0;left:0',
  'top-right': 'top:0;right:0',
  'top-left': 'top:0;left:0',
};

/** The HTML a business pastes into its website: a frame of /chatbot-embed/{chatbotId} in the widget's corner. */
export function embedSnippet(appOrigin: string, chatbotId: string, position: WidgetOptions['position']): string {
  return `<iframe src="${appOrigin}/chatbot-embed/${chatbotId}" title="Chat" style="position:fixed;${CORNER[position]};width:360px;height:440px;max-width:100%;border:0;background:transparent;z-index:2147483647"></iframe>`;
}
