import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back: one step back in the app's history when the page was reached from inside the app,
 * otherwise (a shared link, a reload in a new tab) to the fallback page.
 */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback);
  };
}
