import {
  buildSidebar,
  canOpenPage,
  buildUserMenu,
  defaultEnabledFeatures,
  type EmployeeSession,
  type EnabledFeatures,
  type Industry,
  type SidebarGroup,
  type UserMenuEntry,
} from '@till/core';
import { useMemo } from 'react';
import { useEmployeeSession } from '@/lib/employee-session';
import { buildGuardContext } from '@/lib/guard-context';
import { isIndustry } from '@/lib/industries';
import { useMe, type Me } from '@/lib/me';

export interface ShellModel {
  me: Me | undefined;
  employeeSession: EmployeeSession | null;
  enabledFeatures: EnabledFeatures;
  industry: Industry | null;
  businessName: string | null;
  sidebar: SidebarGroup[];
  userMenu: UserMenuEntry[];
}

/** What the sidebar, the user menu and the dashboard show, from @till/core's SPEC §2 rules. */
export function useShellModel(): ShellModel {
  const { data: me } = useMe();
  const employeeSession = useEmployeeSession();
  return useMemo(() => {
    // Without settings (signed out, or before setup) the product's defaults describe the menus.
    const enabledFeatures = me?.settings?.enabled_features ?? defaultEnabledFeatures({ firstTimeSetup: false });
    const industry = isIndustry(me?.profile?.industry) ? me.profile.industry : null;
    const kind = employeeSession ? 'employee' : me?.user ? 'owner' : 'anonymous';
    return {
      me,
      employeeSession,
      enabledFeatures,
      industry,
      businessName: me?.settings?.business_name || me?.business?.name || me?.profile?.business_name || null,
      sidebar: buildSidebar({ enabledFeatures, industry, employeeSession }),
      userMenu: buildUserMenu({
        kind,
        email: me?.user?.email ?? me?.user?.phone_number ?? null,
        enabledFeatures,
        industry,
        isSuperAdmin: me?.is_super_admin === true,
        // An employee's menu lists only the pages that open for them (issue 10 item 3).
        ...(employeeSession
          ? {
              canOpen: (to: string) =>
                canOpenPage(to, buildGuardContext({ me, meLoading: false, superAdminStatus: false, employeeSession }), employeeSession.employee_role),
            }
          : {}),
      }),
    };
  }, [me, employeeSession]);
}
