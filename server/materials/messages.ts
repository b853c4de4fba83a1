/** The material calls' messages that the handlers (not the request schemas) give. */
export const MaterialMessages = {
  materialNotFound: 'Material not found',
  collected: 'Collected successfully',
  alreadyCollected: 'Already in your collection',
  removed: 'Removed from your collection',
  notCollected: 'Not in your collection',
} as const;
