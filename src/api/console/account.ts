/**
 * `/console/api/account`: the signed-in account and its password (docs/design.md#d33).
 */

import { ApiError } from "../../api-error";
import { changePassword } from "../../auth/change-password";
import { attemptLimits } from "../../auth/throttle";
import { accountOverview } from "../../db/accounts";
import { deviceCookie } from "../../http/cookies";
import { json } from "../../http/respond";
import { defineRoute } from "../../http/route";
import { Account, ChangePasswordBody, PasswordChanged } from "./schemas";

const getAccountRoute = defineRoute({
	method: "GET",
	path: "/console/api/account",
	tag: "Account",
	summary: "The signed-in account",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The account, its plan and workspace", schema: Account } },
	errors: ["not_found"],
	async handler({ caller, services }) {
		const account = await accountOverview(services.db, caller.accountId);
		if (!account) throw new ApiError("not_found", "This account no longer exists.");
		return json(account);
	},
});

const changePasswordRoute = defineRoute({
	method: "POST",
	path: "/console/api/account/password",
	tag: "Account",
	summary: "Change the password",
	description: `Needs the current password. Ends every other session of the account; this one stays signed in. Forgets every browser the account signed in from and renews this browser's \`charts_device\` cookie. Wrong current passwords are limited to ${attemptLimits.password} per account within any 15 minutes, checked before the password is: beyond that the answer is 429 with Retry-After.`,
	access: "session",
	body: { type: "json", schema: ChangePasswordBody },
	responses: { 200: { description: "Changed", schema: PasswordChanged } },
	errors: ["invalid_credentials", "rate_limited"],
	async handler({ request, caller, services, body, now }) {
		const { deviceToken } = await changePassword(services, caller, body.currentPassword, body.newPassword, now);
		return json({ changed: true }, 200, { "Set-Cookie": deviceCookie(request, deviceToken), "Cache-Control": "no-store" });
	},
});

export const accountRoutes = [getAccountRoute, changePasswordRoute];
