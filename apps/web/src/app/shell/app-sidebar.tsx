import { SCROLLBAR_HIDE_DELAY_MS, type SidebarGroup as SidebarGroupModel } from '@till/core';
import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand';
import { sidebarIcon } from '@/components/sidebar-icons';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { ScrollArea } from '@/components/ui/scroll-area';
import {
  Sidebar,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { isNavItemActive } from '@/lib/nav-active';

interface AppSidebarProps {
  groups: SidebarGroupModel[];
  businessName: string | null;
}

/** SPEC §2 Sidebar: the groups @till/core builds, each collapsible, the current page highlighted. */
export function AppSidebar({ groups, businessName }: AppSidebarProps) {
  const location = useLocation();
  const { state, isMobile, setOpenMobile } = useSidebar();
  // Only the groups someone opened or closed are remembered; the rest follow SPEC's defaults.
  const [toggled, setToggled] = useState<Partial<Record<string, boolean>>>({});
  const iconsOnly = !isMobile && state === 'collapsed';

  return (
    <Sidebar>
      <SidebarHeader className="border-b border-sidebar-border group-data-[collapsible=icon]:px-0.5">
        <Link
          to="/dashboard"
          onClick={() => setOpenMobile(false)}
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-md px-1 outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:px-0"
        >
          <BrandMark className="shrink-0" />
          <span className="grid min-w-0 leading-tight group-data-[collapsible=icon]:sr-only">
            <span className="font-semibold tracking-tight">Till</span>
            {businessName ? <span className="truncate text-xs text-muted-foreground">{businessName}</span> : null}
          </span>
        </Link>
      </SidebarHeader>
      <ScrollArea type="scroll" scrollHideDelay={SCROLLBAR_HIDE_DELAY_MS} className="min-h-0 flex-1">
        {groups.map((group) => {
          const hasActive = group.items.some((item) => isNavItemActive(item.to, location));
          const open = toggled[group.id] ?? (group.defaultOpen || hasActive);
          return (
            <Collapsible
              key={group.id}
              // Collapsed to icons there are no group headings to open, so every item shows.
              open={iconsOnly || open}
              onOpenChange={(next) => setToggled((current) => ({ ...current, [group.id]: next }))}
              asChild
            >
              <SidebarGroup data-group={group.id} className="group/collapsible">
                <SidebarGroupLabel asChild>
                  <CollapsibleTrigger className="hover:bg-sidebar-accent hover:text-sidebar-accent-foreground">
                    {group.label}
                    <ChevronDownIcon
                      aria-hidden="true"
                      className="ml-auto transition-transform group-data-[state=open]/collapsible:rotate-180"
                    />
                  </CollapsibleTrigger>
                </SidebarGroupLabel>
                <CollapsibleContent>
                  <SidebarMenu aria-label={group.label}>
                    {group.items.map((item) => {
                      const Icon = sidebarIcon(item.icon);
                      const active = isNavItemActive(item.to, location);
                      return (
                        <SidebarMenuItem key={`${item.to}-${item.label}`}>
                          <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
                            <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={() => setOpenMobile(false)}>
                              <Icon aria-hidden="true" />
                              <span>{item.label}</span>
                            </Link>
                          </SidebarMenuButton>
                        </SidebarMenuItem>
                      );
                    })}
                  </SidebarMenu>
                </CollapsibleContent>
              </SidebarGroup>
            </Collapsible>
          );
        })}
      </ScrollArea>
    </Sidebar>
  );
}
