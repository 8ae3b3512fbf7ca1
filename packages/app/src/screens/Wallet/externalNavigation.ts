import { createContext } from 'react';

/**
 * How the wallet sends the member to a payment provider's page: a full navigation. Stories give
 * their own, so the story stays loaded and can assert where the member would have gone.
 */
export const ExternalNavigation = createContext<(url: string) => void>((url) => window.location.assign(url));
