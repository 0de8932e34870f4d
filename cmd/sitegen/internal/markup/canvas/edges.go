package canvas

import "math"

// route draws edge e from node a to node b, the board's top left at ox, oy
// of the canvas: from the middle of a's side fromSide to the middle of b's
// side toSide (the sides facing each other when not given), a curve
// leaving and entering each side square to it, as Obsidian draws edges.
// "fromEnd … Defaults to none if not specified"; "toEnd … Defaults to
// arrow if not specified" (https://jsoncanvas.org/spec/1.0/#edges).
func route(e jedge, a, b jnode, ox, oy float64) EdgeData {
	fromSide, toSide := e.FromSide, e.ToSide
	ax, ay := *a.X+*a.Width/2, *a.Y+*a.Height/2
	bx, by := *b.X+*b.Width/2, *b.Y+*b.Height/2
	if !isSide(fromSide) {
		fromSide = facing(bx-ax, by-ay)
	}
	if !isSide(toSide) {
		toSide = facing(ax-bx, ay-by)
	}
	x1, y1, n1x, n1y := sidePoint(a, fromSide)
	x2, y2, n2x, n2y := sidePoint(b, toSide)
	k := math.Max(40, math.Min(200, math.Hypot(x2-x1, y2-y1)*0.4))
	d := EdgeData{
		X1: round(x1 - ox), Y1: round(y1 - oy),
		C1X: round(x1 + n1x*k - ox), C1Y: round(y1 + n1y*k - oy),
		C2X: round(x2 + n2x*k - ox), C2Y: round(y2 + n2y*k - oy),
		X2: round(x2 - ox), Y2: round(y2 - oy),
		FromArrow: e.FromEnd == "arrow",
		ToArrow:   e.ToEnd != "none",
		Color:     e.Color,
		Label:     e.Label,
	}
	d.LX = round((d.X1 + 3*d.C1X + 3*d.C2X + d.X2) / 8)
	d.LY = round((d.Y1 + 3*d.C1Y + 3*d.C2Y + d.Y2) / 8)
	return d
}

func isSide(s string) bool { return s == "top" || s == "bottom" || s == "left" || s == "right" }

// facing is the side of a node facing a point dx, dy from its centre.
func facing(dx, dy float64) string {
	if math.Abs(dx) >= math.Abs(dy) {
		if dx >= 0 {
			return "right"
		}
		return "left"
	}
	if dy >= 0 {
		return "bottom"
	}
	return "top"
}

// sidePoint is the middle of node n's side and the side's outward normal.
func sidePoint(n jnode, side string) (x, y, nx, ny float64) {
	x0, y0, w, h := *n.X, *n.Y, *n.Width, *n.Height
	switch side {
	case "top":
		return x0 + w/2, y0, 0, -1
	case "bottom":
		return x0 + w/2, y0 + h, 0, 1
	case "left":
		return x0, y0 + h/2, -1, 0
	}
	return x0 + w, y0 + h/2, 1, 0
}
