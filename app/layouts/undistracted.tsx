import { Outlet } from "react-router";
import { SiteHeader } from "../components/frame.tsx";

/** The undistracted layout of checkout routes: no header navigation, no footer. */
export default function UndistractedLayout() {
  return (
    <>
      <SiteHeader navigation={false} />
      <Outlet />
    </>
  );
}
