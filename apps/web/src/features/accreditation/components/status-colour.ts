/** The chip colour of each request status, the same on the journalist's page and in the office's queue. */
export const statusColour = {
  received: 'info',
  needs_information: 'warning',
  approved: 'success',
  rejected: 'error',
} as const;
