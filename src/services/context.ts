/**
 * Still importable from here for modules written before the type moved down (branches merged
 * after issue 25); new code imports `Services` from `src/request-services.ts`.
 */
export { buildServices, type Services } from "../request-services";
