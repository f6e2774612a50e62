import { Outlet } from "react-router";
import { Frame } from "../components/frame.tsx";

/** The default layout: the full frame around the page. */
export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}
