/**
 * The marketing screens' server calls (/admin/api/plans, /discounts, /decision-rules), one
 * function per endpoint through the one typed client, and the TanStack Query hooks they read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type Plan = Schemas['PlanAdminOut'];
export type PlanFields = Schemas['PlanFields'];
export type PlanIn = Schemas['NewPlanIn'];
export type Discount = Schemas['DiscountAdminOut'];
export type DiscountFields = Schemas['DiscountFields'];
export type DiscountIn = Schemas['NewDiscountIn'];
export type Rule = Schemas['RuleOut'];
export type RuleIn = Schemas['RuleIn'];
export type Feature = Rule['feature'];
export type PreviewIn = Schemas['PreviewIn'];
export type Preview = Schemas['PreviewOut'];
export type AccountStatus = Schemas['AccountStatus'];

// Plans

export function fetchPlans() {
  return call(() => api.GET('/admin/api/plans'));
}

export function fetchPlan(planId: string) {
  return call(() => api.GET('/admin/api/plans/{plan_id}', { params: { path: { plan_id: planId } } }));
}

export function createPlan(body: PlanIn) {
  return call(() => api.POST('/admin/api/plans', { body }));
}

export function updatePlan(planId: string, body: PlanFields) {
  return call(() => api.PUT('/admin/api/plans/{plan_id}', { params: { path: { plan_id: planId } }, body }));
}

// Discounts

export function fetchDiscounts() {
  return call(() => api.GET('/admin/api/discounts'));
}

export function fetchDiscount(discountId: string) {
  return call(() => api.GET('/admin/api/discounts/{discount_id}', { params: { path: { discount_id: discountId } } }));
}

export function createDiscount(body: DiscountIn) {
  return call(() => api.POST('/admin/api/discounts', { body }));
}

export function updateDiscount(discountId: string, body: DiscountFields) {
  return call(() => api.PUT('/admin/api/discounts/{discount_id}', { params: { path: { discount_id: discountId } }, body }));
}

// Decision rules

/**
 * A rule body as openapi-fetch wants it. Its Writable<> turns the available-plans output's
 * null-only alternatives ({"plans": [...], "catalogue": null}) into `never`, which no value
 * meets; the body is checked against the document's own RuleIn (ruleForm.ts builds one).
 */
const asBody = (body: RuleIn) => body as never;

export function fetchRules() {
  return call(() => api.GET('/admin/api/decision-rules'));
}

export function fetchRule(ruleId: number) {
  return call(() => api.GET('/admin/api/decision-rules/{rule_id}', { params: { path: { rule_id: ruleId } } }));
}

export function createRule(body: RuleIn) {
  return call(() => api.POST('/admin/api/decision-rules', { body: asBody(body) }));
}

export function updateRule(ruleId: number, body: RuleIn) {
  return call(() => api.PUT('/admin/api/decision-rules/{rule_id}', { params: { path: { rule_id: ruleId } }, body: asBody(body) }));
}

export function setRuleEnabled(ruleId: number, enabled: boolean) {
  return call(() => api.PUT('/admin/api/decision-rules/{rule_id}/enabled', { params: { path: { rule_id: ruleId } }, body: { enabled } }));
}

export function deleteRule(ruleId: number) {
  return call(() => api.DELETE('/admin/api/decision-rules/{rule_id}', { params: { path: { rule_id: ruleId } } }));
}

export function reorderRules(feature: Feature, rules: number[]) {
  return call(() => api.PUT('/admin/api/decision-rules/order', { body: { feature, rules } }));
}

export function previewRules(body: PreviewIn) {
  const draft = body.draft ? asBody(body.draft) : body.draft;
  return call(() => api.POST('/admin/api/decision-rules/preview', { body: { ...body, draft } }));
}

export const marketingKeys = {
  plans: ['admin', 'plans'] as const,
  plan: (planId: string) => ['admin', 'plans', planId] as const,
  discounts: ['admin', 'discounts'] as const,
  discount: (discountId: string) => ['admin', 'discounts', discountId] as const,
  rules: ['admin', 'decision-rules'] as const,
  rule: (ruleId: number) => ['admin', 'decision-rules', ruleId] as const,
};

// The console's lists are what marketers act on: never an old copy after an edit elsewhere.
const FRESH = { staleTime: 0 } as const;

export function usePlans() {
  return useQuery({ queryKey: marketingKeys.plans, queryFn: fetchPlans, ...FRESH });
}

export function usePlan(planId: string | null) {
  return useQuery({ queryKey: marketingKeys.plan(planId ?? ''), queryFn: () => fetchPlan(planId ?? ''), enabled: planId !== null, ...FRESH });
}

export function useDiscounts() {
  return useQuery({ queryKey: marketingKeys.discounts, queryFn: fetchDiscounts, ...FRESH });
}

export function useDiscount(discountId: string | null) {
  return useQuery({
    queryKey: marketingKeys.discount(discountId ?? ''),
    queryFn: () => fetchDiscount(discountId ?? ''),
    enabled: discountId !== null,
    ...FRESH,
  });
}

export function useRules() {
  return useQuery({ queryKey: marketingKeys.rules, queryFn: fetchRules, ...FRESH });
}

export function useRule(ruleId: number | null) {
  return useQuery({ queryKey: marketingKeys.rule(ruleId ?? 0), queryFn: () => fetchRule(ruleId ?? 0), enabled: ruleId !== null, ...FRESH });
}

/** After any change: the lists follow, and the audit log has a new entry. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: (readonly unknown[])[]) =>
    Promise.all([...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })), queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })]);
}

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ planId, body }: { planId: string | null; body: PlanIn }) => {
      if (planId === null) return createPlan(body);
      const { id: _id, ...fields } = body;
      return updatePlan(planId, fields);
    },
    onSuccess: () => refresh(marketingKeys.plans),
  });
}

export function useSaveDiscount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ discountId, body }: { discountId: string | null; body: DiscountIn }) => {
      if (discountId === null) return createDiscount(body);
      const { id: _id, ...fields } = body;
      return updateDiscount(discountId, fields);
    },
    onSuccess: () => refresh(marketingKeys.discounts),
  });
}

export function useSaveRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ruleId, body }: { ruleId: number | null; body: RuleIn }) => (ruleId === null ? createRule(body) : updateRule(ruleId, body)),
    onSuccess: () => refresh(marketingKeys.rules),
  });
}

export function useSetRuleEnabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ruleId, enabled }: { ruleId: number; enabled: boolean }) => setRuleEnabled(ruleId, enabled),
    onSuccess: () => refresh(marketingKeys.rules),
  });
}

export function useDeleteRule() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (ruleId: number) => deleteRule(ruleId), onSuccess: () => refresh(marketingKeys.rules) });
}

export function useReorderRules() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ feature, rules }: { feature: Feature; rules: number[] }) => reorderRules(feature, rules),
    onSuccess: () => refresh(marketingKeys.rules),
  });
}

export function usePreview() {
  return useMutation({ mutationFn: previewRules });
}
