import { Svg, type IconProps } from './svg';

export function BellIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 9a6 6 0 0 1 12 0c0 5 2 7 2 7H4s2-2 2-7Z" />
      <path d="M10.3 20a2 2 0 0 0 3.4 0" />
    </Svg>
  );
}
