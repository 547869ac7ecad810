/**
 * The sign-in routes teams add (docs/teams.md), public like `POST /auth/sign-in` and throttled
 * like it: opening and accepting an invitation, asking for and using a password-reset link, the
 * deployment's options, sign-up when it is open, and the local outbox when it is on.
 */
import { ApiError } from "../api-error";
import { clientAddress } from "../auth/client-address";
import { acceptInvitation, inspectInvitation } from "../auth/invitations";
import { completePasswordReset, requestPasswordReset } from "../auth/password-reset";
import { signUp } from "../auth/sign-up";
import { attemptLimits } from "../auth/throttle";
import { listOutboxMail } from "../db/mail-outbox";
import { readDeviceCookie } from "../http/cookies";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { signedInAnswer } from "./auth";
import {
	AcceptInvitationBody,
	AuthOptions,
	InvitationView,
	LinkTokenParam,
	Outbox,
	PasswordResetAccepted,
	PasswordResetBody,
	PasswordResetRequestBody,
	SessionWithRole,
	SignUpBody,
} from "./team-schemas";

const noStore = { "Cache-Control": "no-store" };
const iso = (ms: number) => new Date(ms).toISOString();

const invitationRoute = defineRoute({
	method: "GET",
	path: "/auth/invitations/:token",
	tag: "Session",
	summary: "Open an invitation link",
	description: `What the invitation offers, and whether its email already has an account (accept with that account's password) or not (choose one). An unknown, used, revoked or expired link is 404; ${attemptLimits.link} of those per client address within 15 minutes, then 429.`,
	access: "public",
	params: { token: LinkTokenParam },
	body: { type: "none" },
	responses: { 200: { description: "The invitation", schema: InvitationView } },
	errors: ["not_found", "rate_limited"],
	async handler({ request, params, services, now }) {
		const { invitation, accountExists } = await inspectInvitation(services, params.token ?? "", clientAddress(request), now);
		return json(
			{
				email: invitation.email,
				role: invitation.role,
				workspaceName: invitation.workspaceName,
				invitedBy: invitation.invitedByEmail,
				expiresAt: iso(invitation.expiresAt),
				accountExists,
			},
			200,
			noStore,
		);
	},
});

const acceptInvitationRoute = defineRoute({
	method: "POST",
	path: "/auth/invitations/:token/accept",
	tag: "Session",
	summary: "Accept an invitation",
	description:
		"Signs in to the workspace, with the same answer and cookies as POST /auth/sign-in. An email without an account gets one with this password (8 to 1,000 characters; 422 otherwise). An email with an account gives its password (401 when wrong, throttled as sign-in) and joins only when its own workspace holds no chart and no other member (409 says which). The link then stops working.",
	access: "public",
	params: { token: LinkTokenParam },
	body: { type: "json", schema: AcceptInvitationBody },
	responses: { 200: { description: "Joined and signed in", schema: SessionWithRole } },
	errors: ["not_found", "conflict", "invalid_credentials", "rate_limited"],
	async handler({ request, params, body, services, now }) {
		const joined = await acceptInvitation(
			services,
			{ token: params.token ?? "", password: body.password, client: clientAddress(request), deviceToken: readDeviceCookie(request) },
			now,
		);
		return signedInAnswer(request, services, joined.accountId, joined, 200);
	},
});

const requestResetRoute = defineRoute({
	method: "POST",
	path: "/auth/password-reset",
	tag: "Session",
	summary: "Forgot password: mail a reset link",
	description: `Always 202, whether or not the email has an account: when it has one, a link that works once, for an hour, is mailed to it. ${attemptLimits.reset} requests per email within 15 minutes, then 429.`,
	access: "public",
	body: { type: "json", schema: PasswordResetRequestBody },
	responses: { 202: { description: "Accepted", schema: PasswordResetAccepted } },
	errors: ["rate_limited"],
	async handler({ body, services, url, now }) {
		await requestPasswordReset(services, body.email, url.origin, now);
		return json({ accepted: true }, 202, noStore);
	},
});

const resetPasswordRoute = defineRoute({
	method: "POST",
	path: "/auth/password-reset/:token",
	tag: "Session",
	summary: "Set a new password from a reset link",
	description: `Sets the password and ends every session of the account; sign in with the new password. A used or expired link is 404; ${attemptLimits.link} of those per client address within 15 minutes, then 429.`,
	access: "public",
	params: { token: LinkTokenParam },
	body: { type: "json", schema: PasswordResetBody },
	responses: { 204: { description: "The password is set" } },
	errors: ["not_found", "rate_limited"],
	async handler({ request, params, body, services, now }) {
		await completePasswordReset(services, params.token ?? "", body.password, clientAddress(request), now);
		return new Response(null, { status: 204, headers: noStore });
	},
});

const optionsRoute = defineRoute({
	method: "GET",
	path: "/auth/options",
	tag: "Session",
	summary: "How people get in on this deployment",
	description: "Whether sign-up is open, and whether the local outbox is on.",
	access: "public",
	body: { type: "none" },
	responses: { 200: { description: "The options", schema: AuthOptions } },
	errors: [],
	async handler({ services }) {
		return json({ signUp: services.config.signUp, outbox: services.config.mailOutbox });
	},
});

const signUpRoute = defineRoute({
	method: "POST",
	path: "/auth/sign-up",
	tag: "Session",
	summary: "Sign up",
	description: `When sign-up is open (GET /auth/options), makes an account with a workspace of its own on the Free plan, its owner, and signs in (the same answer and cookies as POST /auth/sign-in). 403 when sign-up is closed, 409 when the email has an account. ${attemptLimits.signUp} sign-ups per client address within 15 minutes, then 429.`,
	access: "public",
	body: { type: "json", schema: SignUpBody },
	responses: { 201: { description: "Signed up and signed in", schema: SessionWithRole } },
	errors: ["forbidden", "conflict", "rate_limited", "not_found"],
	async handler({ request, body, services, now }) {
		const signedUp = await signUp(services, { email: body.email, password: body.password, client: clientAddress(request) }, now);
		return signedInAnswer(request, services, signedUp.accountId, signedUp, 201);
	},
});

const outboxRoute = defineRoute({
	method: "GET",
	path: "/auth/outbox",
	tag: "Session",
	summary: "The local outbox",
	description:
		"Only when the deployment's MAIL_OUTBOX is `local` (npm start, the test servers): the mail the service would have sent, newest first (the latest 100). 404 otherwise.",
	access: "public",
	body: { type: "none" },
	responses: { 200: { description: "The mail", schema: Outbox } },
	errors: ["not_found"],
	async handler({ services }) {
		if (!services.config.mailOutbox)
			throw new ApiError("not_found", "The local outbox is off on this deployment (MAIL_OUTBOX is not local).");
		const mail = await listOutboxMail(services.d1, 100);
		return json({ mail: mail.map((item) => ({ ...item, id: String(item.id), sentAt: iso(item.sentAt) })) }, 200, noStore);
	},
});

export const teamPublicRoutes = [
	invitationRoute,
	acceptInvitationRoute,
	requestResetRoute,
	resetPasswordRoute,
	optionsRoute,
	signUpRoute,
	outboxRoute,
];
