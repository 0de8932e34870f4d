// Package spacedoor resolves Spacedoor combat rolls and computes their exact
// odds: the attack and the defend (protect) moves, helping out, the
// stamina-then-health model and death saving throws.
//
// Source: github.com/dustinwhisman/spacedoor, src/how-to-play/combat.md at
// commit 4b2b263 (2020-09-25), with index.md,
// advantage-disadvantage-helping-out.md and health-and-stamina.md; the
// decisions are those of shared/rules/spacedoor.md.
//
// # The roll
//
// Roll 2d6 and add Tough (-3..+5). A total of 6 or less is a failure, 7 to 9
// a mixed success, 10 or more a success. Criticals are read from the dice,
// not the total: both kept dice 1 is a critical failure and both kept dice 6
// a critical success, whatever the total (so 6,6 with Tough -3 is a critical
// success at total 9, and 1,1 with Tough +5 a critical failure at total 7).
// With advantage roll 3d6 and drop the lowest; with disadvantage drop the
// highest; criticals read the two kept dice.
//
// # Attack (AttackOdds, ResolveAttack; calculator spacedoor/attack)
//
// Critical failure: the enemy takes 0, the player 4d6. Failure: 0 and 2d6.
// Mixed: 1d6 and 1d6. Success: 2d6 and 0. Critical success: 4d6 and 0. A
// non-damaging weapon replaces the enemy column by an effect strength (none,
// none, partial, full, exceptional); the player column stands.
//
// # Defend (DefendOdds, ResolveDefend; calculator spacedoor/defend)
//
// Against incoming damage D: failure, both the protector and the protected
// take D; mixed, both take floor(D/2); success, the protector takes
// floor(D/2) and the protected 0; critical success, both take 0. The source
// does not define a critical failure on defend: it counts as a failure.
// Halving rounds down, the game's only rounding rule.
//
// # Names
//
// Outcomes of both calculators partition the roll (they sum to 1):
// critical_failure, failure, mixed, success, critical_success. Here
// "failure" and "success" exclude their criticals. There are no overlapping
// flags.
//
// Attack distributions and means: total (the kept dice plus Tough),
// damage_dealt (what the enemy takes), damage_taken (what the player takes).
// Defend distributions and means: total, protector_damage, protected_damage.
// Resolved rolls carry the values total, damage_dealt and damage_taken
// (attack) or total, protector_damage and protected_damage (defend).
//
// Death saves (DeathSaveOdds, ResolveDeathSaves) have the outcomes stable and
// dead and the mean rolls. HealthOdds has the outcomes unhurt, stamina_only,
// wounded and down, and the distributions and means stamina_after and
// health_after.
//
// # Dice order
//
// Input, DefaultInput, Odds and Resolve are the attack calculator under the
// names every system package shares.
//
// Resolve functions take the dice in this order: the two roll dice (three
// with advantage or disadvantage), then the damage dice: the enemy's dice
// first, then the player's.
//
// # Decisions where the source is silent
//
//   - Helping out only changes the total; a critical of the original roll,
//     being read from its dice, stays critical unless the helper's own
//     critical overrides it. The helper's mixed success is "no change" in the
//     seed and +1 in later rules (HelpMixedNoChange, HelpMixedPlusOne).
//   - Death saves: a 7 lets the player add a success or remove a failure, at
//     the price of rolling the next save with disadvantage, or treat the 7 as
//     nothing and roll again. DeathSaveInput.Seven picks one of these for
//     every 7 or "best", the choice that maximises the chance to live in each
//     state. Criticals count double, as in the roll: both kept dice 1 (two
//     failures) or both 6 (two successes). Three successes make the player
//     stable, three failures dead. Under "remove_failure" a 7 with no
//     failure to remove is rolled again. (The 7 rule is from
//     health-and-stamina.md at 4b2b263.)
//   - Health: damage comes off stamina first, then health; a hit that takes
//     any health wounds; at 0 health the player is down and makes death
//     saves. NPCs have one pool and die at 0.
//   - Luck (LuckOdds, ResolveLuck): the player attacks again and again
//     (each exchange one attack, the damage taken by the attack table); a
//     point of luck turns a hit into 0 damage and is spent once the damage
//     is rolled, by the policy LuckInput.Use: only on a hit that would take
//     the last health (LuckDown), on any hit that would take health
//     (LuckWound), or on every hit (LuckDamage). A player who goes down
//     stops. Turning the roll into a success instead would also deal the
//     enemy 2d6, which this calculator, tracking the player alone, leaves
//     out.
package spacedoor
