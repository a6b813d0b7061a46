/**
 * The UI kit plugins build their pages with. Plain CSS with `sf-` classes and CSS variables
 * (`--theme`, `--sf-bg`, `--sf-surface`, `--sf-text`, `--rpx` = one design unit of 750).
 * Strings a component shows by itself come from the `kernel` i18n namespace; strings you pass
 * in must already be translated.
 */
import './theme.css';

export { Page, type PageProps } from './Page';
export { NavBar, type NavBarProps } from './NavBar';
export { TabBar, type TabBarItem, type TabBarProps } from './TabBar';
export { Button, type ButtonProps } from './Button';
export { SubmitBar, type SubmitBarProps } from './SubmitBar';
export { Field, type FieldProps } from './Field';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { CodeField, type CodeFieldProps } from './CodeField';
export { SendCodeButton, RESEND_SECONDS, type SendCodeButtonProps } from './SendCodeButton';
export { SearchBar, type SearchBarProps } from './SearchBar';
export { Chip, ChipGroup, type ChipProps, type ChipGroupProps } from './Chip';
export { IconButton, type IconButtonProps } from './IconButton';
export { Cell, CellGroup, type CellProps, type CellGroupProps } from './Cell';
export { Grid, type GridItem, type GridProps } from './Grid';
export { MenuSlotView, useEntryClick, useMenuItems, type MenuItem, type MenuSlotViewProps } from './MenuSlotView';
export { useMenuBadges, readBadge } from './menu-badges';
export { List, ListFooter, type ListProps } from './List';
export { Async, ListSkeleton, type AsyncProps } from './Async';
export { Empty, ErrorState, type EmptyProps, type ErrorStateProps } from './states';
export { Loader, type LoaderProps } from './Loader';
export { Spinner } from './Spinner';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Modal, type ModalProps } from './Modal';
export { Sheet, type SheetProps } from './Sheet';
export { OverlayHost } from './OverlayHost';
export { alert, confirm, toast, loading, type ModalOptions, type ToastOptions } from './overlay';
export { Countdown, type CountdownProps } from './Countdown';
export { timeLeft, type TimeLeft } from './countdown-parts';
export { Price, priceParts, type PriceProps } from './Price';
export { Img, useCdn, PLACEHOLDER, type ImgProps } from './Img';
export { Avatar, DEFAULT_AVATAR, type AvatarProps } from './Avatar';
export { Icon, ICONS, isIconName, type IconName, type IconProps } from './Icon';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { Stepper, clampQuantity, type StepperProps } from './Stepper';
export { Badge, badgeText, type BadgeProps } from './Badge';
export { Swiper, type SwiperProps } from './Swiper';
export { NoticeBar, type NoticeBarProps } from './NoticeBar';
export { Link, type LinkProps } from './Link';
export { usePaged } from '../hooks';
