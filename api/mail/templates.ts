import escapeHtml from 'escape-html';
import { RESET_TOKEN_TTL_MINUTES } from '../contract/auth-rules';
import { VERIFICATION_TOKEN_TTL_HOURS } from '../contract/partner-rules';
import type { MailMessage } from './mailer';

const VERIFY_SUBJECT = 'Bekräfta din e-postadress hos Vinpressen';
const VERIFY_BUTTON = 'Bekräfta e-postadressen';

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

/** A mail's plain text: the greeting to `name`, the `body` lines, then the sign-off. */
function plainText(name: string, body: string[]): string {
  return [`Hej ${name}!`, '', ...body, '', 'Hälsningar,', 'Vinpressen'].join('\n');
}

/** A mail's HTML: the frame, the greeting to `name` (escaped here), then `body` (trusted HTML). */
function framedHtml(subject: string, name: string, body: string): string {
  return frame(subject, `<p>Hej ${escapeHtml(name)}!</p>\n${body}`);
}

/**
 * A mail whose point is one single-use link (password reset, e-mail verification): the greeting, the intro (text lines
 * and trusted HTML), the link (written out in the text; a button with the link written out in the HTML), how long it
 * is valid (`validFor`, e.g. '60 minuter') and what to do if the reader did not ask for it (`ignore`).
 */
function singleUseLinkMail(input: {
  to: string;
  subject: string;
  name: string;
  link: string;
  intro: { text: string[]; html: string };
  buttonLabel: string;
  validFor: string;
  ignore: string;
}): MailMessage {
  const validity = `Länken gäller i ${input.validFor} och kan bara användas en gång.`;
  const text = plainText(input.name, [...input.intro.text, '', input.link, '', validity, input.ignore]);
  const html = framedHtml(
    input.subject,
    input.name,
    `<p>${input.intro.html}</p>
${buttonWithFallback(escapeHtml(input.link), input.buttonLabel)}
<p style="font-size:14px">${validity} ${input.ignore}</p>`,
  );
  return { to: input.to, subject: input.subject, text, html, links: [input.link] };
}

/**
 * The password-reset mail (spec 000 §2 'Password reset page'): a link to /reset-password?token=…, valid
 * for 60 minutes, usable once. Plain text and HTML; the username is escaped.
 */
export function passwordResetMail(input: { to: string; username: string; link: string }): MailMessage {
  const intro = 'Någon (förhoppningsvis du) har bett om att få återställa lösenordet till ditt konto hos Vinpressen.';
  return singleUseLinkMail({
    to: input.to,
    subject: 'Återställ ditt lösenord hos Vinpressen',
    name: input.username,
    link: input.link,
    intro: { text: [intro, 'Öppna länken nedan för att välja ett nytt lösenord:'], html: intro },
    buttonLabel: 'Välj ett nytt lösenord',
    validFor: `${RESET_TOKEN_TTL_MINUTES} minuter`,
    ignore: 'Om du inte bad om detta kan du bortse från det här mejlet – ditt lösenord ändras inte.',
  });
}

/**
 * The partner verification mail (spec 001 §4 'Partner registration'): a single-use link that verifies the address and
 * opens /partner/login?verified=true. Names are escaped.
 */
export function partnerVerificationMail(input: { to: string; name: string; companyName: string; link: string }): MailMessage {
  const company = input.companyName || 'ditt företag';
  return singleUseLinkMail({
    to: input.to,
    subject: VERIFY_SUBJECT,
    name: input.name,
    link: input.link,
    intro: {
      text: [
        `Tack för att du registrerade ${company} som partner hos Vinpressen.`,
        'Öppna länken nedan för att bekräfta din e-postadress. Därefter kan du logga in och lägga upp era viner:',
      ],
      html: `Tack för att du registrerade ${escapeHtml(company)} som partner hos Vinpressen. Bekräfta din e-postadress, så kan du logga in och lägga upp era viner.`,
    },
    buttonLabel: VERIFY_BUTTON,
    validFor: `${VERIFICATION_TOKEN_TTL_HOURS} timmar`,
    ignore: 'Om du inte registrerade dig kan du bortse från det här mejlet.',
  });
}

/** The rejection notice to a partner (spec 001 §4): the wine, the admin's reason, and a link to the portal. Escaped. */
export function wineRejectedMail(input: { to: string; name: string; wineName: string; reason: string; link: string }): MailMessage {
  const subject = `Ditt vin "${input.wineName}" godkändes inte`;
  const text = plainText(input.name, [
    `Vinpressens granskare har gått igenom "${input.wineName}" och kunde tyvärr inte godkänna det.`,
    '',
    'Anledning:',
    input.reason,
    '',
    'Du kan öppna vinet i partnerportalen, ändra det och skicka in det igen.',
    `Du ser dina viner i partnerportalen: ${input.link}`,
  ]);
  const html = framedHtml(
    subject,
    input.name,
    `<p>Vinpressens granskare har gått igenom <strong>${escapeHtml(input.wineName)}</strong> och kunde tyvärr inte godkänna det.</p>
<p style="margin:16px 0 4px;font-weight:bold">Anledning</p>
<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #7b1e2b;white-space:pre-wrap">${escapeHtml(input.reason)}</blockquote>
<p style="margin-top:24px">Du kan öppna vinet i <a href="${escapeHtml(input.link)}" style="color:#7b1e2b">partnerportalen</a>, ändra det och skicka in det igen.</p>`,
  );
  return { to: input.to, subject, text, html, links: [input.link] };
}

/**
 * The approval notice to a partner, the counterpart of wineRejectedMail: the wine is published, with the review mark
 * 'Granskad av Vinpressen' and the medal when the admin gave them, and a link to its public page. Escaped.
 */
export function wineApprovedMail(input: {
  to: string;
  name: string;
  wineName: string;
  granskad: boolean;
  medalName: string | null;
  link: string;
}): MailMessage {
  const subject = `Ditt vin "${input.wineName}" är godkänt`;
  const extras = [input.granskad && 'märket Granskad av Vinpressen', input.medalName && `medaljen ${input.medalName}`].filter((x): x is string =>
    Boolean(x),
  );
  const awarded = extras.length ? `Det har fått ${extras.join(' och ')}.` : '';
  const text = plainText(input.name, [
    `Vinpressens granskare har gått igenom "${input.wineName}" och godkänt det. Vinet är nu publicerat på Vinpressen.`,
    ...(awarded ? [awarded] : []),
    '',
    `Se vinets sida: ${input.link}`,
  ]);
  const html = framedHtml(
    subject,
    input.name,
    `<p>Vinpressens granskare har gått igenom <strong>${escapeHtml(input.wineName)}</strong> och godkänt det. Vinet är nu publicerat på Vinpressen.</p>
${
  awarded
    ? `<p>${escapeHtml(awarded)}</p>
`
    : ''
}${buttonWithFallback(escapeHtml(input.link), 'Se vinets sida')}`,
  );
  return { to: input.to, subject, text, html, links: [input.link] };
}

/**
 * The member verification mail (README 'Accounts and sessions'): registration signs the member in at once and mails
 * this single-use link, which binds the address to the account (valid VERIFICATION_TOKEN_TTL_HOURS = 48 h). Names are
 * escaped.
 */
export function memberVerificationMail(input: { to: string; name: string; username: string; link: string }): MailMessage {
  return singleUseLinkMail({
    to: input.to,
    subject: VERIFY_SUBJECT,
    name: input.name,
    link: input.link,
    intro: {
      text: [`Välkommen till Vinpressen. Du har skapat kontot ${input.username}.`, 'Öppna länken nedan för att bekräfta att e-postadressen är din:'],
      html: `Välkommen till Vinpressen. Du har skapat kontot <strong>${escapeHtml(input.username)}</strong>. Bekräfta att e-postadressen är din.`,
    },
    buttonLabel: VERIFY_BUTTON,
    validFor: `${VERIFICATION_TOKEN_TTL_HOURS} timmar`,
    ignore: 'Om du inte skapade kontot kan du bortse från det här mejlet.',
  });
}

/**
 * The mail to an address that already has an account when someone registers it again (README 'Accounts and
 * sessions'): registration answers the same either way, so only the address's owner learns it — with the way in.
 * `portal` picks the sign-in page named in it.
 */
export function accountExistsMail(input: { to: string; username: string; siteUrl: string; portal: 'member' | 'partner' }): MailMessage {
  const subject = 'Du har redan ett konto hos Vinpressen';
  const signInUrl = input.portal === 'partner' ? `${input.siteUrl}/partner/login` : input.siteUrl;
  const text = plainText(input.username, [
    'Någon, kanske du, försökte just skapa ett nytt konto hos Vinpressen med den här e-postadressen.',
    `Adressen hör redan till kontot ${input.username}. Logga in på ${signInUrl}, eller välj "Glömt lösenord?" om du inte minns lösenordet.`,
    '',
    'Om det inte var du behöver du inte göra något: ingen kommer åt ditt konto utan ditt lösenord.',
  ]);
  const url = escapeHtml(signInUrl);
  const html = framedHtml(
    subject,
    input.username,
    `<p>Någon, kanske du, försökte just skapa ett nytt konto hos Vinpressen med den här e-postadressen. Adressen hör redan till kontot <strong>${escapeHtml(input.username)}</strong>.</p>
${button(url, 'Logga in')}
<p style="font-size:14px">Minns du inte lösenordet? Välj "Glömt lösenord?" vid inloggningen. Om det inte var du behöver du inte göra något: ingen kommer åt ditt konto utan ditt lösenord.</p>`,
  );
  return { to: input.to, subject, text, html, links: [signInUrl] };
}
