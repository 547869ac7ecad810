/** Who a viewer is told to ask for editor access: pure, so it is unit-tested apart from the screen. */
import type { Member } from "../../lib/team-api";

/** Who can make a viewer an editor: the owner by email, and admins as a kind. */
export function whoGrantsAccess(members: readonly Pick<Member, "email" | "role">[]): string {
	const owner = members.find((member) => member.role === "owner");
	const admins = members.some((member) => member.role === "admin");
	if (!owner) return "the workspace's owner or an admin";
	return admins ? `${owner.email} (the owner) or an admin` : `${owner.email} (the owner)`;
}
