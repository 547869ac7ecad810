/**
 * How large a body the service takes: a JSON request, and a table as CSV, whether it arrives in a
 * request or from a linked source. One place, so the API and linked data refuse the same sizes.
 */
export const maxJsonBytes = 1024 * 1024;
export const maxCsvBytes = 10 * 1024 * 1024;
