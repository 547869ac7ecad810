/**
 * A map bounded by the bytes its values hold, least recently used out first. Per-isolate caches
 * use it so a busy isolate keeps what it reads often without ever holding more than it was given:
 * a Worker isolate has 128 MB, and a large chart's drawing needs that room more than a cache does.
 */
export interface ByteLruLimits {
	/** A value larger than this is never kept (it would push out many small ones for one hit). */
	maxEntryBytes: number;
	/** All kept values together. */
	budgetBytes: number;
}

export class ByteLru<V> {
	/** A Map iterates in insertion order: a hit is moved to the end, so the first entry is the oldest. */
	private readonly entries = new Map<string, { value: V; bytes: number }>();
	private heldBytes = 0;

	constructor(
		private readonly limits: ByteLruLimits,
		private readonly sizeOf: (value: V) => number,
	) {}

	get bytes(): number {
		return this.heldBytes;
	}

	get size(): number {
		return this.entries.size;
	}

	get(key: string): V | undefined {
		const entry = this.entries.get(key);
		if (!entry) return undefined;
		this.entries.delete(key);
		this.entries.set(key, entry);
		return entry.value;
	}

	/** Keeps `value` unless it is larger than one entry may be; evicts the oldest past the budget. */
	set(key: string, value: V): void {
		const bytes = this.sizeOf(value);
		this.delete(key);
		if (bytes > this.limits.maxEntryBytes) return;
		this.entries.set(key, { value, bytes });
		this.heldBytes += bytes;
		for (const [oldest, entry] of this.entries) {
			if (this.heldBytes <= this.limits.budgetBytes) break;
			this.entries.delete(oldest);
			this.heldBytes -= entry.bytes;
		}
	}

	delete(key: string): void {
		const entry = this.entries.get(key);
		if (!entry) return;
		this.entries.delete(key);
		this.heldBytes -= entry.bytes;
	}

	/** Drops every key that starts with `prefix`. */
	deletePrefix(prefix: string): void {
		for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
	}
}
