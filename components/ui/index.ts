/**
 * The shared UI kit for every extension page (side panel, popup, options, onboarding).
 * Import from '@/components/ui'; importing it also brings the theme (tokens, light/dark) and the kit's styles.
 *
 * Rules the kit enforces so pages do not have to: data is never rendered as HTML; links and images from data
 * are http(s) only (SafeLink, SafeImage); every paid button states its cost (PaidButton); every error reads from
 * the shared catalogue (ErrorState).
 */
import './theme.css';
import './kit.css';

export { Button, IconButton, type ButtonProps, type ButtonVariant, type IconButtonProps } from './Button';
export { Card, DefinitionList, Section, type SectionProps } from './Card';
export { Chip, ChipList, StatusChip, type Tone } from './Chip';
export { CopyButton } from './CopyButton';
export { CostBadge, PaidButton } from './CostBadge';
export { EmptyState } from './EmptyState';
export { ErrorState } from './ErrorState';
export { Checkbox, SearchField, Select, TextField } from './Field';
export { Icon, type IconName } from './Icon';
export { ProgressBar, ScoreBar } from './ProgressBar';
export { SafeImage, initials } from './SafeImage';
export { SafeLink } from './SafeLink';
export { Skeleton, SkeletonList } from './Skeleton';
export { Table, type Column, type SortState, type TableSelection } from './Table';
export { TabPanel, Tabs, type TabItem } from './Tabs';
export { TokenInput } from './TokenInput';
export { EmailStatusChip, VerificationChip, verdictOf, verdictWords, type Verdict } from './VerificationChip';
export * from './format';
export { displayUrl, safeHttpUrl, safeWebsiteUrl } from './safe-url';
export { useBusyAction } from './use-busy-action';
