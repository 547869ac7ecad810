/** The new-password rule the API checks (src/domain/passwords.ts), said before sending. */
export const minPasswordLength = 8;
