import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../adapters/mail/mail-layout.js';
import { passwordRecoveryMail, verificationMail } from './mail-templates.js';

const link = 'https://stickwork.example/verify-mail/?secret=abc.def.ghi';

describe('mail templates', () => {
  it('escape what a customer typed in the HTML part and keep it as typed in the text part', () => {
    const firstname = '<img src=x onerror="alert(1)">&Co';
    const mail = verificationMail({ email: 'a@example.com', firstname }, link);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hi &#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;Co,');
    expect(mail.text).toContain(`Hi ${firstname},`);
  });

  it('welcome a new drummer and carry the link in both parts', () => {
    const mail = verificationMail({ email: 'a@example.com', firstname: 'Ringo' }, link);
    expect(mail).toMatchObject({ to: 'a@example.com', link });
    expect(mail.text).toContain('welcome to Stickwork');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('greet by first name in the recovery mail and say the link works once for an hour', () => {
    const recovery = 'https://stickwork.example/change-password?secret=x.y.z';
    const mail = passwordRecoveryMail({ email: 'a@example.com', firstname: 'Sheila' }, recovery);
    expect(mail.subject).toBe('Your Stickwork password change');
    expect(mail.text.startsWith('Hi Sheila,')).toBe(true);
    expect(mail.text).toContain('it works once and for one hour');
    expect(mail.html).toContain(`href="${recovery}"`);
  });

  it('escape the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
