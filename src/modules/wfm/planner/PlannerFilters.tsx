import { FormControl, InputLabel, MenuItem, Select, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { ColourBy, TechnicianFilters } from './events';

/** Team, skill and zone (filtering technicians and the queue), and what colours the jobs. */
export function PlannerFilters({
  teams,
  zones,
  filters,
  onFilters,
  colourBy,
  onColourBy,
}: {
  teams: string[];
  zones: string[];
  filters: TechnicianFilters;
  onFilters: (filters: TechnicianFilters) => void;
  colourBy: ColourBy;
  onColourBy: (by: ColourBy) => void;
}) {
  const translate = useTranslate();
  const skills = useGetList('wfm/skills', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
    filter: { kind: 'skill' },
  });
  const choice = (name: keyof TechnicianFilters, options: { id: string; label: string }[]) => (
    <FormControl size="small" fullWidth={false} sx={{ width: 200 }}>
      <InputLabel id={`planner-${name}`}>
        {translate(`planner.filters.${name === 'skillId' ? 'skill' : name}`)}
      </InputLabel>
      <Select
        labelId={`planner-${name}`}
        label={translate(`planner.filters.${name === 'skillId' ? 'skill' : name}`)}
        value={filters[name] ?? ''}
        onChange={(event) => onFilters({ ...filters, [name]: event.target.value || undefined })}
      >
        <MenuItem value="">{translate('planner.filters.all')}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', flex: '1 1 0', minWidth: 0 }}
    >
      {choice(
        'team',
        teams.map((team) => ({ id: team, label: team })),
      )}
      {choice(
        'skillId',
        (skills.data ?? []).map((skill) => ({ id: String(skill.id), label: String(skill.name) })),
      )}
      {choice(
        'zone',
        zones.map((zone) => ({ id: zone, label: zone })),
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={colourBy}
        onChange={(_, by: ColourBy | null) => by && onColourBy(by)}
        aria-label={translate('planner.colourBy')}
      >
        <ToggleButton value="status">{translate('planner.byStatus')}</ToggleButton>
        <ToggleButton value="type">{translate('planner.byType')}</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
