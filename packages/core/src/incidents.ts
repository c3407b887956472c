/** Incidents in a business (issue 20 item 9): what happened, how bad, and what follows. */
export const INCIDENT_TYPES = ['breakage', 'complaint', 'accident', 'theft', 'other'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_STATUSES = ['open', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = {
  breakage: 'Breakage',
  complaint: 'Complaint',
  accident: 'Accident',
  theft: 'Theft',
  other: 'Other',
};

export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** Incident photos live in the business's private `incident-photos` bucket (decision 012); an incident holds at most this many. */
export const INCIDENT_PHOTOS_BUCKET = 'incident-photos' as const;
export const INCIDENT_PHOTOS_PER_INCIDENT = 10;
