/** The hello-world Worker the coldstart suite measures ours beside (built by the same wrangler, `hello.wrangler.toml`). */
export default {
	fetch(): Response {
		return new Response("Hello, world\n");
	},
} satisfies ExportedHandler;
