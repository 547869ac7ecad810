/**
 * One global instance: the export semaphore (spec §8). Filled by the limits issue.
 */
import { DurableObject } from "cloudflare:workers";

export class ExportGate extends DurableObject<Env> {}
