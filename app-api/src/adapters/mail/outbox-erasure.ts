import fs from 'node:fs';
import path from 'node:path';

/** The header block of an .eml file, continuation lines unfolded. */
const headersOf = (message: string): string[] => {
  const end = message.search(/\r?\n\r?\n/);
  return (end === -1 ? message : message.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
};

const ADDRESS_HEADERS = /^(to|cc|bcc):/i;

/** Whether the mail is addressed to `email` (To, Cc or Bcc; case-insensitive). */
export const isAddressedTo = (message: string, email: string): boolean => {
  const wanted = email.trim().toLowerCase();
  return headersOf(message).some(
    (header) =>
      ADDRESS_HEADERS.test(header) &&
      (header.toLowerCase().match(/[^\s<>,;:"]+@[^\s<>,;"]+/g) ?? []).some((address) => address === wanted),
  );
};

/**
 * Erasure of the outbox: every mail addressed to the customer is overwritten with zeros and
 * removed, so neither the address nor the greeting's first name stays in DATA_DIR/outbox.
 * Answers how many mails went.
 */
export const eraseOutboxMailsTo = (dir: string, email: string): number => {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let erased = 0;
  for (const name of entries.filter((entry) => entry.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const message = fs.readFileSync(file);
    if (!isAddressedTo(message.toString('utf8'), email)) continue;
    fs.writeFileSync(file, Buffer.alloc(message.length));
    fs.rmSync(file, { force: true });
    erased += 1;
  }
  return erased;
};
