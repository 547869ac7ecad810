/**
 * Folder routes (docs/contract.md#section-4-2, docs/design.md#d11). Folders nest and belong to the workspace; deleting a
 * folder moves its charts and subfolders up one level, so nothing filed in it is lost.
 */

import { ApiError } from "../api-error";
import type { FolderRow } from "../db/folders";
import { deleteFolder, findFolder, folderIsWithin, insertFolder, listFolders, updateFolder } from "../db/folders";
import type { Caller } from "../domain/caller";
import { newId } from "../domain/ids";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import type { Services } from "../request-services";
import { retryConditionalWrite } from "../services/retry";
import { CreateFolderBody, Deleted, Folder, FolderList, PatchFolderBody } from "./schemas";

const tag = "Folders";
const maxWriteAttempts = 5;

function folderResource(folder: FolderRow) {
	return {
		id: folder.id,
		name: folder.name,
		parentId: folder.parentId,
		workspaceId: folder.workspaceId,
		createdAt: new Date(folder.createdAt).toISOString(),
		updatedAt: new Date(folder.updatedAt).toISOString(),
	};
}

async function loadFolder(services: Services, caller: Caller, id: string): Promise<FolderRow> {
	const folder = await findFolder(services.db, caller.workspaceId, id);
	if (!folder) throw new ApiError("not_found", `No folder ${id} in this workspace.`);
	return folder;
}

function invalidParent(message: string): ApiError {
	return new ApiError("invalid_parent", `parentId: ${message}`, { path: "parentId" });
}

/** Says precisely why `parentId` cannot hold `folderId` (or a new folder, when folderId is null). */
async function assertParentUsable(services: Services, caller: Caller, parentId: string | null, folderId: string | null): Promise<void> {
	if (parentId === null) return;
	if (parentId === folderId) throw invalidParent("a folder cannot be its own parent.");
	if (!(await findFolder(services.db, caller.workspaceId, parentId))) {
		throw invalidParent(`there is no folder ${parentId} in this workspace.`);
	}
	if (folderId !== null && (await folderIsWithin(services.d1, caller.workspaceId, parentId, folderId))) {
		throw invalidParent(`folder ${parentId} is inside ${folderId}; a folder cannot move beneath itself.`);
	}
}

export const listFoldersRoute = defineRoute({
	method: "GET",
	path: "/v1/folders",
	readOnly: true,
	tag,
	summary: "List the workspace's folders",
	description: "Every folder of the workspace, oldest first. Not capped, not paginated.",
	access: "folder:read",
	body: { type: "none" },
	responses: { 200: { description: "All folders", schema: FolderList } },
	errors: [],
	async handler({ services, caller }) {
		const folders = await listFolders(services.db, caller.workspaceId);
		return json({ folders: folders.map(folderResource) });
	},
});

export const createFolderRoute = defineRoute({
	method: "POST",
	path: "/v1/folders",
	tag,
	summary: "Create a folder",
	description: "The new folder belongs to the caller's workspace, the same as its parent's.",
	access: "folder:write",
	idempotent: true,
	body: { type: "json", schema: CreateFolderBody },
	responses: { 201: { description: "The new folder", schema: Folder } },
	errors: ["invalid_parent"],
	async handler({ body, services, caller, now }) {
		const parentId = body.parentId ?? null;
		return retryConditionalWrite(
			async () => {
				await assertParentUsable(services, caller, parentId, null);
				const folder: FolderRow = {
					id: newId("fd"),
					workspaceId: caller.workspaceId,
					name: body.name,
					parentId,
					createdAt: now,
					updatedAt: now,
				};
				if (!(await insertFolder(services.d1, folder))) return null;
				return json(folderResource(folder), 201, { Location: `/v1/folders/${folder.id}` });
			},
			{ budget: maxWriteAttempts, conflictMessage: "The parent folder kept changing while this request ran. Retry the request." },
		);
	},
});

export const getFolderRoute = defineRoute({
	method: "GET",
	path: "/v1/folders/:id",
	readOnly: true,
	tag,
	summary: "Read a folder",
	access: "folder:read",
	body: { type: "none" },
	responses: { 200: { description: "The folder", schema: Folder } },
	errors: ["not_found"],
	async handler({ services, caller, params }) {
		return json(folderResource(await loadFolder(services, caller, params.id as string)));
	},
});

export const patchFolderRoute = defineRoute({
	method: "PATCH",
	path: "/v1/folders/:id",
	tag,
	summary: "Rename or move a folder",
	description: "`name` renames; `parentId` moves (null moves to the top level). A folder cannot move beneath itself.",
	access: "folder:write",
	body: { type: "json", schema: PatchFolderBody },
	responses: { 200: { description: "The updated folder", schema: Folder } },
	errors: ["not_found", "invalid_parent", "conflict"],
	async handler({ body, services, caller, params, now }) {
		const id = params.id as string;
		return retryConditionalWrite(
			async () => {
				const current = await loadFolder(services, caller, id);
				const change = { name: body.name ?? current.name, parentId: body.parentId === undefined ? current.parentId : body.parentId };
				if (change.parentId !== current.parentId) await assertParentUsable(services, caller, change.parentId, id);
				// The UPDATE re-checks the parent and the cycle rule itself; false means a concurrent change won.
				if (!(await updateFolder(services.d1, caller.workspaceId, id, change, now))) return null;
				return json(folderResource({ ...current, ...change, updatedAt: now }));
			},
			{ budget: maxWriteAttempts, conflictMessage: "The folder tree kept changing while this request ran. Retry the request." },
		);
	},
});

export const deleteFolderRoute = defineRoute({
	method: "DELETE",
	path: "/v1/folders/:id",
	tag,
	summary: "Delete a folder",
	description: "Its charts and its subfolders move up one level (to its parent, or the top level). Nothing in it is deleted.",
	access: "folder:write",
	body: { type: "none" },
	responses: { 200: { description: "Deleted", schema: Deleted } },
	errors: ["not_found"],
	async handler({ services, caller, params, now }) {
		const id = params.id as string;
		await loadFolder(services, caller, id);
		if (!(await deleteFolder(services.d1, caller.workspaceId, id, caller.accountId, now))) {
			throw new ApiError("not_found", `No folder ${id} in this workspace.`);
		}
		return json({ deleted: true });
	},
});

export const folderRoutes = [listFoldersRoute, createFolderRoute, getFolderRoute, patchFolderRoute, deleteFolderRoute];
