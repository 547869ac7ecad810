/** The linked-data queues as wrangler.toml names them (a module of its own, so the election bench can name them too). */
export const refreshQueueName = "charts-linked-refresh";
export const redrawQueueName = "charts-linked-redraw";
/** Both queues' dead letters. */
export const deadLetterQueueName = "charts-linked-refresh-dead";
