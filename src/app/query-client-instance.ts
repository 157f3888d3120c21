import { createQueryClient } from './query-client';

/** The app's one QueryClient (sign-out and demo reset clear it). */
export const queryClient = createQueryClient();
