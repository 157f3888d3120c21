// The floor: the least a React 19 app ships. Every route's first-paint JS is compared with this.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<h1>Hello</h1>);
