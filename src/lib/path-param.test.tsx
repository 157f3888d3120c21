import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lastSegmentDecoded, useLastParam } from './path-param';

function Shows() {
  return <p>{`[${useLastParam('id')}]`}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/things/:id" element={<Shows />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('paragraph').textContent;
}

describe('useLastParam', () => {
  it.each([
    ['/things/a%252Fb', '[a%2Fb]'],
    ['/things/%252F', '[%2F]'],
    ['/things/a%2Fb', '[a/b]'],
    ['/things/x%20y/', '[x y]'],
    ['/things/cart_1001', '[cart_1001]'],
  ])('%s reads as typed, decoded once: %s', (path, shown) => {
    expect(renderAt(path)).toBe(shown);
  });

  it('falls back to the router for an address that is not percent-encoding', () => {
    expect(lastSegmentDecoded('/things/bad%E0%A4')).toBeNull();
    expect(renderAt('/things/bad%E0%A4')).toBe('[bad%E0%A4]');
  });
});
