import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail } from '../../src/mail/layout.ts';
import { caseSharedMail } from '../../src/mail/templates/case-shared.ts';
import { signInCodeMail } from '../../src/mail/templates/sign-in-code.ts';

const HOSTILE = '<script>alert("x")</script> & <img src=x onerror=1>';

describe('mail layout', () => {
  it('writes the same words in the text and the HTML part, the link in full in both', () => {
    const mail = renderMail({
      subject: 'Results ready',
      greeting: 'Hello Anna,',
      paragraphs: ['First.', 'Second.'],
      action: { label: 'Open the case', url: 'https://cardiomap.example/case-detail/1' },
      closing: 'Why you got this.',
    });
    expect(mail.text).toBe(
      'Hello Anna,\n\nFirst.\n\nSecond.\n\nOpen the case: https://cardiomap.example/case-detail/1\n\nWhy you got this.\n\nCardioMap',
    );
    for (const words of ['Hello Anna,', 'First.', 'Second.', 'Open the case', 'Why you got this.']) {
      expect(mail.html).toContain(words);
    }
    expect(mail.html).toContain('href="https://cardiomap.example/case-detail/1"');
  });

  it('escapes every interpolated value in the HTML part', () => {
    const mail = renderMail({
      subject: HOSTILE,
      greeting: HOSTILE,
      paragraphs: [HOSTILE],
      action: { label: HOSTILE, url: 'https://cardiomap.example/a?b="c"&d=<e>' },
      closing: HOSTILE,
    });
    expect(mail.html).not.toMatch(/<script|<img|"c"|<e>/);
    expect(mail.html).toContain(escapeHtml(HOSTILE));
    expect(mail.text).toContain(HOSTILE); // The text part is text: nothing to escape.
  });

  it('keeps the subject on one line and refuses links that are not web links', () => {
    expect(renderMail({ subject: 'A\r\nBcc: x@evil.test', paragraphs: [] }).subject).toBe('A Bcc: x@evil.test');
    expect(() =>
      renderMail({ subject: 'x', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } }),
    ).toThrow('Not a web link');
  });

  it('renders the sign-in code and the share invitation through the layout', () => {
    const code = signInCodeMail({ to: 'a@cardiomap.test', givenName: 'Anna', code: '123456' });
    expect(code.text).toContain('Your CardioMap sign-in code is 123456.');
    expect(code.html).toContain('123456');
    const shared = caseSharedMail({
      to: 'b@cardiomap.test',
      userId: 'u',
      caseId: '3f0c1c4e-0000-4000-8000-000000000001',
      caseIdentifier: 'HVC-TAVI-00001',
      sharedByName: HOSTILE,
      baseUrl: 'https://cardiomap.example/',
    });
    expect(shared.text).toContain('https://cardiomap.example/case-detail/3f0c1c4e-0000-4000-8000-000000000001');
    expect(shared.html).not.toContain('<script');
  });
});
