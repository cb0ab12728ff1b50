import { queryOptions } from '@tanstack/react-query';
import { fetchAccount, fetchDataLayer, fetchProfile } from './identity';

export const identityKeys = {
  dataLayer: ['identity', 'datalayer'] as const,
  account: ['identity', 'account'] as const,
  profile: ['identity', 'profile'] as const,
};

export const dataLayerQuery = queryOptions({
  queryKey: identityKeys.dataLayer,
  queryFn: fetchDataLayer,
});

export const accountQuery = queryOptions({
  queryKey: identityKeys.account,
  queryFn: fetchAccount,
});

export const profileQuery = queryOptions({
  queryKey: identityKeys.profile,
  queryFn: fetchProfile,
});
