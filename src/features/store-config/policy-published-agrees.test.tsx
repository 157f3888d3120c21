import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '@/api/schemas/store-config';
import { sanitizeHtml } from '@/lib/sanitize';
import { VISIBLE } from '@/lib/text';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';
import { isPublished } from './policy-content';

const { repo } = setupTestServer();

const doc = (content: string): ContentDocument => ({
  id: 'd',
  name: 'refund',
  content_title: 'Refunds',
  content_type: 'html',
  content,
});

/* eslint-disable testing-library/no-node-access */
// what the policy screen shows of it: the sanitised HTML, without the app's own additions
const screenShows = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = sanitizeHtml(html);
  box.querySelectorAll('.sr-only').forEach((node) => node.remove());
  return VISIBLE.test(box.textContent) || box.querySelector('img[src]') !== null;
};

describe('"published" agrees with what the policy screen shows', () => {
  it.each([
    '<xmp>Refunds within 7 days</xmp>',
    '<noembed>Refunds within 7 days</noembed>',
    '<plaintext>Refunds within 7 days',
    '<mtext>Refunds within 7 days</mtext>',
    '<desc>Refunds within 7 days</desc>',
    '<p><img src="https://cdn example.com/policy.png"></p>',
    '<p><img src="https://:99999/policy.png"></p>',
  ])('%s', (content) => {
    expect(isPublished(doc(content))).toBe(screenShows(content));
  });

  it(
    'the store page does not link to a policy whose screen would be blank',
    { timeout: 20_000 },
    async () => {
      repo.read().storeConfig.refund_policy.content = '<xmp>Refunds within 7 days</xmp>';
      renderApp('/store');
      const policies = await screen.findByRole('region', { name: 'Policies' });
      expect(within(policies).queryByRole('link', { name: /refund/i })).not.toBeInTheDocument();
    },
  );
});
