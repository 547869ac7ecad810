/**
 * The groups the OpenAPI documents sort operations into, each with what it holds. A route names
 * one of these (`route.ts`), so every tag an operation uses is declared in the document with its
 * description (OpenAPI linters warn on a tag used but not declared).
 */
export const apiTagDescriptions = {
	Charts: "Create, list, read, change, copy and delete charts; read and replace a chart's data.",
	"Chart versions": "Every saved change of a chart is a version: list them, read one, restore one.",
	Exports: "A chart drawn as PNG, SVG or PDF, or its data as CSV.",
	Publishing: "Publish a chart as a live embed on the embed host, and take it down.",
	Folders: "Folders file a workspace's charts; filing a chart does not change it.",
	Themes: "The themes charts are drawn with: the built-in ones and the workspace's own.",
	Data: "The statistics library: sources, dimensions and values to make a chart from.",
	Meta: "The service itself: health, the chart JSON Schema and this document.",
	Session: "Console sign-in: sign in, read the session, sign out here or everywhere.",
	Account: "The signed-in account: its details and its password.",
	Team: "The workspace's members and their roles, invitations, and the activity log of who did what.",
	Keys: "The account's API keys: make, list and revoke.",
	Fonts: "Fonts uploaded for a workspace's themes.",
	Editor: "What the console's editor reads to draw a chart in the page.",
} as const;

export type ApiTag = keyof typeof apiTagDescriptions;
