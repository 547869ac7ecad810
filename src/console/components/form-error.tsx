/**
 * The error banner at the top of a dialog's form: the API's message for the last refused submit,
 * read out at once (role `alert`); nothing while there is none.
 */
export function FormError({ message }: { message: string | null }) {
	if (!message) return null;
	return (
		<div class="banner error" role="alert">
			<span class="banner-text">{message}</span>
		</div>
	);
}
