import escapeHtml from 'escape-html';
import { RESET_TOKEN_TTL_MINUTES } from '../contract/auth-rules';
import { VERIFICATION_TOKEN_TTL_HOURS } from '../contract/partner-rules';
import type { MailMessage } from './mailer';

/** The newspaper frame of every mail: serif type, the wine-red nameplate, a footer. `body` is trusted HTML. */
function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f3ea;color:#1c1917;font-family:Georgia,'Times New Roman',serif">
<div style="max-width:560px;margin:0 auto;background:#fffdf8;border-top:4px double #1c1917;padding:24px">
<p style="margin:0 0 16px;font-size:28px;font-weight:900;color:#7b1e2b">Vinpressen</p>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#57534e">Vinpressen – Sveriges vinguide. Drick ansvarsfullt.</p>
</div></body></html>`;
}

/** The wine-red call-to-action button to `href` (escaped HTML) labelled `label` (trusted text). */
function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${href}" style="background:#7b1e2b;color:#fffdf8;padding:12px 20px;text-decoration:none;font-family:Arial,sans-serif;font-weight:bold">${label}</a></p>`;
}

/** The button, then the link written out for mail clients that show no buttons. `href` is escaped HTML. */
function buttonWithFallback(href: string, label: string): string {
  return `${button(href, label)}
<p style="font-size:14px">Fungerar inte knappen? Kopiera länken: <br><a href="${href}" style="color:#7b1e2b;word-break:break-all">${href}</a></p>`;
}

/**
 * The password-reset mail (spec 000 §2 'Password reset page'): a link to /reset-password?token=…, valid
 * for 60 minutes, usable once. Plain text and HTML; the username is escaped.
 */
export function passwordResetMail(input: { to: string; username: string; link: string }): MailMessage {
  const subject = 'Återställ ditt lösenord hos Vinpressen';
  const text = [
    `Hej ${input.username}!`,
    '',
    'Någon (förhoppningsvis du) har bett om att få återställa lösenordet till ditt konto hos Vinpressen.',
    'Öppna länken nedan för att välja ett nytt lösenord:',
    '',
    input.link,
    '',
    `Länken gäller i ${RESET_TOKEN_TTL_MINUTES} minuter och kan bara användas en gång.`,
    'Om du inte bad om detta kan du bortse från det här mejlet – ditt lösenord ändras inte.',
    '',
    'Hälsningar,',
    'Vinpressen',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = frame(
    subject,
    `<p>Hej ${escapeHtml(input.username)}!</p>
<p>Någon (förhoppningsvis du) har bett om att få återställa lösenordet till ditt konto hos Vinpressen.</p>
${buttonWithFallback(link, 'Välj ett nytt lösenord')}
<p style="font-size:14px">Länken gäller i ${RESET_TOKEN_TTL_MINUTES} minuter och kan bara användas en gång. Om du inte bad om detta kan du bortse från det här mejlet – ditt lösenord ändras inte.</p>`,
  );
  return { to: input.to, subject, text, html, links: [input.link] };
}

/**
 * The partner verification mail (spec 001 §4 'Partner registration'): a single-use link that verifies the address and
 * opens /partner/login?verified=true. Names are escaped.
 */
export function partnerVerificationMail(input: { to: string; name: string; companyName: string; link: string }): MailMessage {
  const subject = 'Bekräfta din e-postadress hos Vinpressen';
  const text = [
    `Hej ${input.name}!`,
    '',
    `Tack för att du registrerade ${input.companyName || 'ditt företag'} som partner hos Vinpressen.`,
    'Öppna länken nedan för att bekräfta din e-postadress. Därefter kan du logga in och lägga upp era viner:',
    '',
    input.link,
    '',
    `Länken gäller i ${VERIFICATION_TOKEN_TTL_HOURS} timmar och kan bara användas en gång.`,
    'Om du inte registrerade dig kan du bortse från det här mejlet.',
    '',
    'Hälsningar,',
    'Vinpressen',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = frame(
    subject,
    `<p>Hej ${escapeHtml(input.name)}!</p>
<p>Tack för att du registrerade ${escapeHtml(input.companyName || 'ditt företag')} som partner hos Vinpressen. Bekräfta din e-postadress, så kan du logga in och lägga upp era viner.</p>
${buttonWithFallback(link, 'Bekräfta e-postadressen')}
<p style="font-size:14px">Länken gäller i ${VERIFICATION_TOKEN_TTL_HOURS} timmar och kan bara användas en gång. Om du inte registrerade dig kan du bortse från det här mejlet.</p>`,
  );
  return { to: input.to, subject, text, html, links: [input.link] };
}

/** The rejection notice to a partner (spec 001 §4): the wine, the admin's reason, and a link to the portal. Escaped. */
export function wineRejectedMail(input: { to: string; name: string; wineName: string; reason: string; link: string }): MailMessage {
  const subject = `Ditt vin "${input.wineName}" godkändes inte`;
  const text = [
    `Hej ${input.name}!`,
    '',
    `Vinpressens granskare har gått igenom "${input.wineName}" och kunde tyvärr inte godkänna det.`,
    '',
    'Anledning:',
    input.reason,
    '',
    `Du ser dina viner i partnerportalen: ${input.link}`,
    '',
    'Hälsningar,',
    'Vinpressen',
  ].join('\n');
  const html = frame(
    subject,
    `<p>Hej ${escapeHtml(input.name)}!</p>
<p>Vinpressens granskare har gått igenom <strong>${escapeHtml(input.wineName)}</strong> och kunde tyvärr inte godkänna det.</p>
<p style="margin:16px 0 4px;font-weight:bold">Anledning</p>
<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #7b1e2b;white-space:pre-wrap">${escapeHtml(input.reason)}</blockquote>
<p style="margin-top:24px">Du ser dina viner i <a href="${escapeHtml(input.link)}" style="color:#7b1e2b">partnerportalen</a>.</p>`,
  );
  return { to: input.to, subject, text, html, links: [input.link] };
}

/**
 * The member verification mail (README 'Accounts and sessions'): registration signs the member in at once and mails
 * this single-use link, which binds the address to the account (valid VERIFICATION_TOKEN_TTL_HOURS = 48 h). Names are
 * escaped.
 */
export function memberVerificationMail(input: { to: string; name: string; username: string; link: string }): MailMessage {
  const subject = 'Bekräfta din e-postadress hos Vinpressen';
  const text = [
    `Hej ${input.name}!`,
    '',
    `Välkommen till Vinpressen. Du har skapat kontot ${input.username}.`,
    'Öppna länken nedan för att bekräfta att e-postadressen är din:',
    '',
    input.link,
    '',
    `Länken gäller i ${VERIFICATION_TOKEN_TTL_HOURS} timmar och kan bara användas en gång.`,
    'Om du inte skapade kontot kan du bortse från det här mejlet.',
    '',
    'Hälsningar,',
    'Vinpressen',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = frame(
    subject,
    `<p>Hej ${escapeHtml(input.name)}!</p>
<p>Välkommen till Vinpressen. Du har skapat kontot <strong>${escapeHtml(input.username)}</strong>. Bekräfta att e-postadressen är din.</p>
${buttonWithFallback(link, 'Bekräfta e-postadressen')}
<p style="font-size:14px">Länken gäller i ${VERIFICATION_TOKEN_TTL_HOURS} timmar och kan bara användas en gång. Om du inte skapade kontot kan du bortse från det här mejlet.</p>`,
  );
  return { to: input.to, subject, text, html, links: [input.link] };
}

/**
 * The mail to an address that already has an account when someone registers it again (README 'Accounts and
 * sessions'): registration answers the same either way, so only the address's owner learns it — with the way in.
 * `portal` picks the sign-in page named in it.
 */
export function accountExistsMail(input: { to: string; username: string; siteUrl: string; portal: 'member' | 'partner' }): MailMessage {
  const subject = 'Du har redan ett konto hos Vinpressen';
  const signInUrl = input.portal === 'partner' ? `${input.siteUrl}/partner/login` : input.siteUrl;
  const text = [
    `Hej ${input.username}!`,
    '',
    'Någon, kanske du, försökte just skapa ett nytt konto hos Vinpressen med den här e-postadressen.',
    `Adressen hör redan till kontot ${input.username}. Logga in på ${signInUrl}, eller välj "Glömt lösenord?" om du inte minns lösenordet.`,
    '',
    'Om det inte var du behöver du inte göra något: ingen kommer åt ditt konto utan ditt lösenord.',
    '',
    'Hälsningar,',
    'Vinpressen',
  ].join('\n');
  const url = escapeHtml(signInUrl);
  const html = frame(
    subject,
    `<p>Hej ${escapeHtml(input.username)}!</p>
<p>Någon, kanske du, försökte just skapa ett nytt konto hos Vinpressen med den här e-postadressen. Adressen hör redan till kontot <strong>${escapeHtml(input.username)}</strong>.</p>
${button(url, 'Logga in')}
<p style="font-size:14px">Minns du inte lösenordet? Välj "Glömt lösenord?" vid inloggningen. Om det inte var du behöver du inte göra något: ingen kommer åt ditt konto utan ditt lösenord.</p>`,
  );
  return { to: input.to, subject, text, html, links: [signInUrl] };
}
