import React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { KeyValues, Table } from './views.js';

describe('CLI views', () => {
  it('align a table under its headers', () => {
    const rows = [
      { id: 'c-1', name: 'Ringo' },
      { id: 'customer-22', name: 'Sheila E.' },
    ];
    const { lastFrame } = render(
      <Table
        rows={rows}
        columns={[
          { header: 'ID', value: (r) => r.id },
          { header: 'NAME', value: (r) => r.name },
        ]}
      />,
    );
    expect(lastFrame()).toBe(
      ['ID           NAME', 'c-1          Ringo', 'customer-22  Sheila E.'].join('\n'),
    );
  });

  it('say (none) for an empty table', () => {
    const { lastFrame } = render(<Table rows={[]} columns={[{ header: 'ID', value: () => '' }]} />);
    expect(lastFrame()).toContain('(none)');
  });

  it('align key/value pairs under a title', () => {
    const { lastFrame } = render(
      <KeyValues
        title="Event store"
        entries={[
          ['kind', 'sqlite'],
          ['last position', '42'],
        ]}
      />,
    );
    expect(lastFrame()).toBe(['Event store', 'kind          sqlite', 'last position 42'].join('\n'));
  });
});
