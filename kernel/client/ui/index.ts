/**
 * The UI kit plugins build their pages with. Plain CSS with `sf-` classes and CSS variables
 * (`--theme`, `--sf-bg`, `--sf-surface`, `--sf-text`, `--rpx` = one design unit of 750).
 * Strings a component shows by itself come from the `kernel` i18n namespace; strings you pass
 * in must already be translated.
 *
 * What a first screen shows is re-exported here. Forms, sheets, tabs and the like are imported by
 * their own path (`@kernel/client/ui/Field`, `/PasswordField`, `/CodeField`, `/SendCodeButton`,
 * `/SubmitBar`, `/Stepper`, `/Sheet`, `/Tabs`, `/Chip`, `/Avatar`, `/DatePicker`): every page that
 * imports this index downloads all it re-exports, and the home has no form.
 */
import './theme.css';

export { Page, type PageProps } from './Page';
export { NavBar, type NavBarProps } from './NavBar';
export { TabBar, type TabBarItem, type TabBarProps } from './TabBar';
export { Button, type ButtonProps } from './Button';
export { SearchBar, type SearchBarProps } from './SearchBar';
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
export { OverlayHost } from './OverlayHost';
export { alert, confirm, toast, loading, type ModalOptions, type ToastOptions } from './overlay';
export { Countdown, type CountdownProps } from './Countdown';
export { timeLeft, type TimeLeft } from './countdown-parts';
export { Price, priceParts, type PriceProps } from './Price';
export { Img, useCdn, PLACEHOLDER, type ImgProps } from './Img';
export { Icon, ICONS, isIconName, type IconName, type IconProps } from './Icon';
export { Badge, badgeText, type BadgeProps } from './Badge';
export { Swiper, type SwiperProps } from './Swiper';
export { NoticeBar, type NoticeBarProps } from './NoticeBar';
export { Link, type LinkProps } from './Link';
export { usePaged } from '../hooks';
