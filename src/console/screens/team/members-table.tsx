/**
 * The workspace's members: email, role, joined and last active, one row each. Owners and admins
 * change a role from the row's list and remove someone or (the owner) hand ownership on from its
 * menu; everybody else sees the roles as words. Nothing is offered that the API would refuse
 * (lib/roles.ts).
 */
import { Icon } from "../../components/icon";
import { Menu, type MenuAction } from "../../components/menu";
import { When } from "../../components/when";
import { canHandOwnershipTo, canRemove, type GrantableRole, type Role, roleNames, rolesSettableOn } from "../../lib/roles";
import type { Member } from "../../lib/team-api";

interface MembersTableProps {
	members: readonly Member[];
	/** Changes on every read of the members: each role list starts again from the stored role. */
	revision: number;
	yourRole: Role;
	/** The member whose change is being sent: their controls wait. */
	busyId: string | null;
	onSetRole(member: Member, role: GrantableRole): void;
	onHandOwnership(member: Member): void;
	onRemove(member: Member): void;
}

/** Owner first, then admins, editors and viewers, each by email. */
const rank: Record<Role, number> = { owner: 0, admin: 1, editor: 2, viewer: 3 };
export function sortMembers(members: readonly Member[]): Member[] {
	return [...members].sort((a, b) => rank[a.role] - rank[b.role] || a.email.localeCompare(b.email));
}

function RoleCell({
	member,
	yourRole,
	busy,
	onSetRole,
}: {
	member: Member;
	yourRole: Role;
	busy: boolean;
	onSetRole(role: GrantableRole): void;
}) {
	const settable = rolesSettableOn(yourRole, member);
	if (settable.length === 0) return <span>{roleNames[member.role]}</span>;
	return (
		<select
			class="select role-select"
			aria-label={`Role of ${member.email}`}
			value={member.role}
			disabled={busy}
			onChange={(event) => onSetRole(event.currentTarget.value as GrantableRole)}
		>
			{settable.map((role) => (
				<option key={role} value={role}>
					{roleNames[role]}
				</option>
			))}
		</select>
	);
}

export function MembersTable({ members, revision, yourRole, busyId, onSetRole, onHandOwnership, onRemove }: MembersTableProps) {
	return (
		<table class="member-table panel">
			<caption class="visually-hidden">Members of the workspace</caption>
			<thead>
				<tr>
					<th scope="col">Member</th>
					<th scope="col">Role</th>
					<th scope="col">Joined</th>
					<th scope="col">Last active</th>
					<th scope="col">
						<span class="visually-hidden">Actions</span>
					</th>
				</tr>
			</thead>
			<tbody>
				{sortMembers(members).map((member) => {
					const actions: MenuAction[] = [];
					if (canHandOwnershipTo(yourRole, member))
						actions.push({ label: "Make owner", onSelect: () => onHandOwnership(member), disabled: busyId !== null });
					if (canRemove(yourRole, member))
						actions.push({ label: "Remove from workspace", onSelect: () => onRemove(member), danger: true, disabled: busyId !== null });
					return (
						<tr key={member.accountId}>
							<td class="member-email">
								{member.email}
								{member.you && <span class="muted"> (you)</span>}
							</td>
							<td class="member-role">
								<RoleCell
									key={`${member.role}:${revision}`}
									member={member}
									yourRole={yourRole}
									busy={busyId === member.accountId}
									onSetRole={(role) => onSetRole(member, role)}
								/>
							</td>
							<td data-label="Joined">
								<When iso={member.joinedAt} never="" />
							</td>
							<td data-label="Last active">
								<When iso={member.lastActiveAt} never="Not yet" />
							</td>
							<td class="member-actions">
								{actions.length > 0 && <Menu label={`Actions for ${member.email}`} button={<Icon name="more" />} actions={actions} />}
							</td>
						</tr>
					);
				})}
			</tbody>
		</table>
	);
}
