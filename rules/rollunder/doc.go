// Package rollunder resolves attacks of the 2D6 roll-under rules (the
// Advanced Fighting Fantasy 2e / Stellar Adventures lineage as adapted in
// github.com/WhaleCancer/ChooseYourOwnAdventure, RULES/Combat) and computes
// their exact odds. The decisions are those of shared/rules/rollunder.md.
//
// # The attack (Input, Odds, Resolve; calculator rollunder/attack)
//
// The attacker rolls 2d6 and hits when the total is strictly under the
// target T = PHYSICAL + skill - opponent's skill + modifier (melee), or
// PHYSICAL + skill + modifier (ranged: the defender's skill does not count).
// Modifiers are signed and added: a penalty is negative (CombatModifiers
// lists them). Double 6 always hits with a critical; double 1 always misses
// and fumbles. So for 3 <= T <= 12, P(hit) = P(2d6 < T); for T <= 2 it is
// 1/36 and for T >= 13 it is 35/36.
//
// On a hit the attacker rolls a d6 (plus damage_modifier) on the weapon's
// track for STAMINA damage, the defender a d6 (plus protection_modifier) on
// a protection track, and the target loses max(0, damage - protection).
// Rolls pushed past 6 read the 7+ column, below 1 the 1 column.
//
// # Decisions where the note is silent
//
//   - Armor or Dodge: the armor track is used when armor is not "none"; the
//     Dodge track of the dodge skill (1..6) only when armor is "none" (Dodge
//     is the unarmored defender's track). Dodge 0 means no Dodge track.
//   - Shields (small_shield, large_shield, from the source's Advanced
//     Fighting Fantasy pages) add their track to the armor track, read from
//     the same die, and stand alone for a defender with neither armor nor
//     Dodge.
//   - Dodge and a shield, no armor: the setting dodge_shield (both
//     calculators). "stack" (the default) adds the shield's track to the
//     Dodge track from the same die, as RULES/Combat/Dodge.md allows under
//     "Ubiquitous Dodging" (any character with Dodge may use it instead of
//     armour, which is how the house rules let every unarmored defender
//     dodge; "A shield may stack with Dodge as it does with armour").
//     "either" follows Dodge.md's standard rules: no Dodge while blocking
//     with a shield, and no benefit from a shield merely carried while
//     dodging. A defender blocks when they defend with the Armor skill
//     (rollunder/defend), and reads the shield's track alone; otherwise
//     (and always in rollunder/attack) they dodge and read the Dodge track
//     alone.
//   - With no armor, no Dodge and no shield every track reads 0, so the
//     defender rolls no protection die at all.
//   - Critical hits roll 2d6 on the critical table after the weapon and
//     protection dice. Double damage doubles the track value before
//     protection; "maximum weapon damage" is the track value of a weapon die
//     showing 6 (plus damage_modifier); "+2 to the damage roll" adds 2 to
//     the weapon die; 11 adds a second hit with its own weapon die (+2) and
//     protection die. Effects that are not STAMINA (disarmed, bleeding 1d3 a
//     round, knocked down, next action -3) are named by critical_effect and
//     not counted. 2 (0 STAMINA) and 12 (decapitated) have no STAMINA number:
//     they are the outcomes critical_zero_stamina and critical_decapitated,
//     and are left out of the damage and stamina_loss distributions.
//   - Test LUCK against a critical (target_luck, both calculators): the
//     target's LUCK, 0 when the target does not test. 0 needs no separate
//     choice: a test at LUCK 0 can never succeed (2d6 is at least 2), so it
//     gives what no test gives. A target with LUCK tests against every
//     critical, after the weapon and protection dice and before the
//     critical table: lucky, the hit is a normal hit with those dice;
//     unlucky, the table is rolled. On 12 (decapitated) the target tests
//     again at the LUCK left (one less); lucky, the target drops to 0
//     STAMINA instead; with no LUCK left there is no second test. Each
//     test costs 1 LUCK, lucky or not.
//   - Fumbles roll 2d6 on the fumble table; their effects fall on the
//     attacker and are named by fumble_effect. Test LUCK against a fumble
//     (attacker_luck, 0: no test) "softens" it: a lucky attacker only loses
//     the round and rolls no fumble table; an unlucky one rolls it. The
//     entries that change damage are outcomes: fumble_hits_self (2: hit
//     self or an ally for double damage, 3: hit self, 12: a critical on
//     self) and fumble_drops_guard (4: the next attack on the fumbler does
//     double damage, 10: no armor roll against it). The calculators do not
//     know the fumbler's own armor or the next attack, so these are
//     chances, not damage.
//   - Weapon notes (plasma ignores unsealed armor, fusion +2 to the damage
//     roll against the unarmored, stun weapons cannot kill) are left to the
//     player: use damage_modifier or pick armor "none".
//
// # Names
//
// Outcomes: hit and miss partition the attack (they sum to 1). Overlapping
// flags: critical (double 6) is part of hit, fumble (double 1) is part of
// miss; critical_zero_stamina, critical_decapitated and critical_lucky (the
// target's LUCK made it a normal hit) are disjoint parts of critical;
// fumble_lucky (softened: the round is lost only), fumble_hits_self and
// fumble_drops_guard are disjoint parts of fumble.
//
// Distributions: damage (the weapon damage dealt, doubled or summed over two
// hits as the critical says; 0 on a miss), stamina_loss (damage after
// protection; 0 on a miss), both over all attacks except the mass of
// critical_zero_stamina and critical_decapitated (so they sum to 1 minus
// those two); stamina_loss_normal_hit (given a hit that is not a critical,
// sums to 1); critical_effect (given a critical) and fumble_effect (given a
// fumble), 2..12 with labels, and 0 where a Test LUCK spared the table.
// Means: damage, stamina_loss (over the attacks whose loss is a number)
// and stamina_loss_normal_hit.
//
// Resolve takes the dice in this order: the two attack dice; on a fumble
// the attacker's two luck dice (attacker_luck above 0), then unless lucky
// the two fumble dice; on a hit the weapon die, the protection die (armor,
// dodge or shield die, none without any), on a critical then the target's
// two luck dice (target_luck above 0), unless lucky the two critical dice,
// on critical 12 the target's two luck dice again (LUCK left above 0), and
// on critical 11 the second hit's weapon and protection dice. Its
// Outcome is critical or fumble for the doubles, else hit or miss; its
// values are target, attack_roll, and as they apply damage (both hits on
// critical 11), protection (the first hit's), stamina_loss (both hits),
// critical_effect, fumble_effect, target_luck_after and attacker_luck_after
// (after a Test LUCK), and 1 for each flag outcome that happened.
//
// # The defence roll (DefendInput, DefendOdds, ResolveDefend; calculator
// rollunder/defend)
//
// When a foe attacks, the player rolls 2d6 and avoids the attack when the
// total is strictly under T = the attacker's PHYSICAL + the attacker's skill
// - the defending skill + modifier, read as the note writes it (so a higher
// defending skill makes the roll harder; the defending page explains this).
// The defending skill is the weapon skill (melee only), the Armor skill
// (only with a shield) or Dodge (only without armor; its level is the dodge
// field); a weapon skill never defends against a ranged attack. Brawling's
// limits (no defence against Melee Weapons or Martial Arts) are left to the
// player. Double 6 always avoids and the attacker fumbles; double 1 is
// always a hit, with a critical on the player. On a hit, damage and
// protection are those of the attack, the player being the target.
//
// Outcomes, in the player's words: avoided and hit partition the roll;
// attacker_fumbles (double 6) is part of avoided, critical_hit (double 1)
// part of hit; critical_zero_stamina, critical_decapitated and
// critical_lucky are parts of critical_hit, fumble_lucky, fumble_hits_self
// and fumble_drops_guard parts of attacker_fumbles. target_luck is the
// player's LUCK, attacker_luck the foe's. Distributions and means are
// those of the attack.
// ResolveDefend takes the dice in the attack's order, with "defence die 1"
// and "defence die 2" first; its values are those of Resolve with
// defence_roll for attack_roll.
//
// # Test LUCK (LuckInput, LuckOdds, ResolveLuck, LuckChance)
//
// 2d6 at most LUCK succeeds (an equal roll counts); LUCK then drops by 1
// either way. Outcomes success and failure; values roll and luck_after.
//
// # Dying (DyingInput, DyingOdds, ResolveDying)
//
// A player character at 0 STAMINA tests LUCK at once and then every round
// until a test succeeds (stable) or LUCK reaches 0 (dead); at −1 to −3 the
// character loses 1 LUCK a round and dies at 0, after as many rounds as
// LUCK; at −4 or less the character is dead. No First Aid is counted (the
// calculator answers "without help"). Outcomes stable and dead;
// distributions rounds (0 is the round the character went down) and
// luck_left; ResolveDying takes two dice per Test LUCK.
//
// # Tables
//
// Tables returns weapons, armor, shields, dodge, critical_hits, fumbles and
// combat_modifiers, each with its source file; Weapons, Armors, Shields,
// DodgeTracks, CriticalHits, Fumbles and CombatModifiers return the same
// data typed.
package rollunder
