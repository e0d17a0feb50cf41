import { Svg, type IconProps } from './svg';

export function ThumbUpIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1Z" />
      <path d="M7 10l4-7.5a2.3 2.3 0 0 1 2.5 2.8L12.8 9H19a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 17.7 21H7" />
    </Svg>
  );
}
