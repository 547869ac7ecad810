/** The new-password rule the API checks (src/credentials/passwords.ts), said before sending. */
export const minPasswordLength = 8;
