import { Link } from 'react-router';
import { Page } from '@/components/ui/page';

export function NotFound() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address.</p>
      <p>
        <Link to="/" className="font-semibold text-indigo-800 underline">
          Go to the start page
        </Link>
      </p>
    </Page>
  );
}
