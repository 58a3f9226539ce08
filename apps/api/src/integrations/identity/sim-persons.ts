/** The simulator's test persons: national identity numbers are fictional. */
export const TEST_PERSONS = [
  { subject: 'fo-010190-1234', name: 'Jógvan Joensen' },
  { subject: 'fo-120585-2345', name: 'Guðrun Hansen' },
  { subject: 'fo-300700-3456', name: 'Rógvi Poulsen' },
] as const;
