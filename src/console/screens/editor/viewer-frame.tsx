/**
 * The editor for a viewer (docs/console.md, Teams): the chart read-only, its live preview and
 * its downloads, the embed code when it is published, and a short line saying what a viewer may
 * do and who can make them an editor. No control that would write is shown: the API would
 * refuse it anyway.
 */
import { useEffect, useState } from "preact/hooks";
import { Icon } from "../../components/icon";
import { Link } from "../../lib/router";
import { teamApi } from "../../lib/team-api";
import type { PreviewSource } from "../../preview/engine";
import type { EditorContextValue } from "./editor-context";
import { EditorContext } from "./editor-context";
import { PreviewPane } from "./preview-pane";
import { embedSnippets } from "./steps/publish/embed-code";
import { EmbedCode } from "./steps/publish/embed-code-panel";
import { Downloads } from "./steps/publish-step";
import type { ChartEditor, PreviewAnswer } from "./use-chart-editor";
import { whoGrantsAccess } from "./viewer-grants";

function sourceOf(answer: PreviewAnswer | null): PreviewSource | null {
	if (!answer?.dataset) return null;
	return { ...answer, dataset: answer.dataset };
}

export function ViewerFrame({ editor, context }: { editor: ChartEditor; context: EditorContextValue }) {
	const { chart } = context;
	const [grantedBy, setGrantedBy] = useState<string | null>(null);
	useEffect(() => {
		teamApi.members().then(
			(members) => setGrantedBy(whoGrantsAccess(members)),
			() => setGrantedBy(whoGrantsAccess([])),
		);
	}, []);
	const url = chart.published?.embedUrl ?? null;
	const version = editor.versionPreview ? { number: editor.versionPreview.version, source: sourceOf(editor.versionPreview) } : null;

	return (
		<EditorContext.Provider value={context}>
			<div class="editor viewer">
				<div class="editor-toolbar">
					<Link href="/" class="button quiet back-link">
						<Icon name="back" /> Charts
					</Link>
					<h1 id="editor-heading" class="viewer-title" tabIndex={-1}>
						{chart.name}
					</h1>
					<span class="meta-text">{chart.published ? "Published" : "Draft"}</span>
				</div>
				<div class="editor-body">
					<div class="editor-controls">
						<div class="step-panel step step-body">
							<div class="banner" role="note">
								<span class="banner-text">
									You are a viewer: you can view and export this chart. {grantedBy ?? "The workspace's owner or an admin"} can give you
									editor access.
								</span>
							</div>
							{url && (
								<section class="step-block" aria-labelledby="viewer-embed-heading">
									<h2 id="viewer-embed-heading" class="section-label">
										Embed
									</h2>
									<EmbedCode url={url} snippets={embedSnippets(chart.meta, chart.name, url)} />
								</section>
							)}
							<Downloads chart={chart} saved />
						</div>
					</div>
					<PreviewPane
						source={context.preview}
						version={version}
						onBackToCurrent={() => context.previewVersion(null)}
						loading={editor.previewLoading}
						failure={editor.previewFailure}
						hasData={chart.hasData}
						folded={false}
						onUnfold={() => undefined}
						readOnly
					/>
				</div>
			</div>
		</EditorContext.Provider>
	);
}
