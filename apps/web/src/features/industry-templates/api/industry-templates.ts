import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Industry, IndustryTemplateInput } from '@till/core';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

export type IndustryTemplate = ApiAnswer<'/api/super-admin/industry-templates'>['templates'][number];

export const industryTemplatesQueryKey = ['industry-templates'] as const;

export function useIndustryTemplates() {
  return useQuery({
    queryKey: industryTemplatesQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/super-admin/industry-templates', { signal })),
    select: (answer) => answer.templates,
  });
}

export function useSaveIndustryTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { industry: Industry; template: IndustryTemplateInput }) =>
      dataOf(api.PUT('/api/super-admin/industry-templates/{industry}', { params: { path: { industry: input.industry } }, body: input.template })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: industryTemplatesQueryKey }),
  });
}
