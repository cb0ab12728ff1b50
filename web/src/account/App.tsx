import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Button } from '../ui/Button';
import type { MastheadConfig } from './config';
import { AccountRoutes } from './routes';
import { UnsupportedRegionScreen } from './screens/UnsupportedRegionScreen';
import { IdentityProvider, useIdentity } from './state/IdentityProvider';

export function App({ queryClient, config }: { queryClient: QueryClient; config: MastheadConfig }) {
  // Spec: an unsupported-region page replaces the router when the region check fails.
  if (config.inSupportedRegion === false) return <UnsupportedRegionScreen />;
  return (
    <QueryClientProvider client={queryClient}>
      <IdentityProvider config={config}>
        <BrowserRouter>
          <RouterWhenReady />
        </BrowserRouter>
      </IdentityProvider>
    </QueryClientProvider>
  );
}

/** Spec: the router renders nothing until the data layer has loaded. */
function RouterWhenReady() {
  const { dataLayerLoaded, dataLayerError, retryDataLayer } = useIdentity();
  if (dataLayerLoaded) return <AccountRoutes />;
  if (!dataLayerError) return null;
  return (
    <main className="page">
      <div role="alert" className="alert alert--error">
        <p>{dataLayerError.message}</p>
      </div>
      <Button onClick={retryDataLayer}>Try again</Button>
    </main>
  );
}
