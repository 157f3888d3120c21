import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

const { repo } = setupTestServer();

/* eslint-disable testing-library/no-container, testing-library/no-node-access */
describe(
  'store HTML cannot take over the page for assistive technology',
  { timeout: 20_000 },
  () => {
    it("a policy's role and ARIA attributes cannot add a page title, landmarks, a modal layer or alerts", async () => {
      repo.read().storeConfig.refund_policy.content =
        '<p role="heading" aria-level="1">Returns</p>' +
        '<div role="main"><p>Inside a second main</p></div>' +
        '<div role="dialog" aria-modal="true"><p>Everything else is inert</p></div>' +
        '<p role="alert" aria-live="assertive">Your session has expired</p>' +
        '<p><a href="https://help.example/" aria-hidden="true">hidden but focusable</a></p>' +
        '<p><a href="https://evil.example/" aria-labelledby="main-title">Anything</a></p>';
      const { container } = renderApp('/store/refund-policy');
      await screen.findByText('Inside a second main');
      // the page's title stays its one level-1 heading (the sanitiser turns <h1> into <h2> for this)
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      // the app's own landmarks only
      expect(screen.getAllByRole('main')).toHaveLength(1);
      // no modal layer (docs/security.md drops <dialog> as "a document's own layer over the page")
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // nothing in the document is announced as an alert or a live region
      const doc = container.querySelector('.prose-doc')!;
      expect(doc.querySelector('[role], [aria-live], [aria-modal]')).toBeNull();
      // a link a screen reader is told is not there while Tab still stops at it (WCAG 4.1.2), or
      // one that takes its name from the app's own elements
      expect(
        doc.querySelector('[aria-hidden], [aria-labelledby], [aria-describedby], [aria-owns]'),
      ).toBeNull();
    });

    it("a policy's own <main> or <aside> adds no landmark (a second main; a complementary one inside main)", async () => {
      repo.read().storeConfig.refund_policy.content =
        '<main><p>Inside a main element</p></main><aside><p>Aside the policy</p></aside>';
      renderApp('/store/refund-policy');
      await screen.findByText('Inside a main element');
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
      expect(screen.getByText('Aside the policy')).toBeInTheDocument();
    });
  },
);
