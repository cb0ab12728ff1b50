"""The demo stories `make run` seeds: four per brand, some free, some for members.

Every person, quote and event here is invented for the demo.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime


@dataclass(frozen=True)
class DemoStory:
    post_id: int
    brand: str
    slug: str
    headline: str
    standfirst: str
    author: str
    section: str
    published_at: datetime
    access: str  # "free" or "members"
    teaser: tuple[str, ...]  # paragraphs every visitor reads
    body: tuple[str, ...]  # the rest: released by the content call


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)


DEMO_STORIES = (
    DemoStory(
        post_id=3101,
        brand="main",
        slug="rangers-rally-from-three-down-to-stun-bruins-in-overtime",
        headline="Rangers rally from three down to stun Bruins in overtime",
        standfirst="Two goals in 94 seconds late in the third, then a rookie's first career "
        "winner: the Garden had not been this loud since the spring.",
        author="Mike Delaney",
        section="Sports",
        published_at=_at(22, 3, 40),
        access="members",
        teaser=(
            "Down 4-1 with nine minutes left, the Rangers looked like a team counting the "
            "days to the road trip. Then Tomas Lindqvist found the top corner on the power "
            "play, and the building woke up.",
            "What followed was the wildest finish of the season so far: a 5-4 overtime win "
            "over Boston sealed by 20-year-old call-up Eli Marchetti, playing his sixth NHL "
            "game.",
        ),
        body=(
            "Marchetti's winner came 2:17 into overtime, a wrist shot through a screen that "
            "the Bruins goalie never saw. \u201cI just shot it,\u201d Marchetti said, still "
            "in his gear 40 minutes after the horn. \u201cHonestly I didn't see it go in. I "
            "heard it.\u201d",
            "Coach Dan Whitford pulled his goalie with 2:40 left in regulation and the "
            "gamble paid off twice: Kaiden Brooks tipped in the tying goal with 31 seconds on "
            "the clock, his first in eleven games.",
            "The comeback was the Rangers' first from three goals down in the third period "
            "since 2019. They open a four-game western trip in Seattle on Tuesday, and "
            "Whitford said Marchetti has earned his place on the plane.",
        ),
    ),
    DemoStory(
        post_id=3102,
        brand="main",
        slug="jets-name-rookie-starter-after-week-of-quarterback-drama",
        headline="Jets name rookie starter after a week of quarterback drama",
        standfirst="Caleb Monroe gets the nod for Sunday; the veteran he replaces says he "
        "found out from the group chat.",
        author="Sarah Okafor",
        section="Sports",
        published_at=_at(21, 18, 5),
        access="free",
        teaser=(
            "The Jets ended five days of speculation on Friday afternoon: rookie Caleb "
            "Monroe will start at quarterback against Miami on Sunday.",
            "Head coach Ray Castellano called the decision \u201ca football one, not a "
            "future one,\u201d pointing to Monroe's two touchdown drives in relief last "
            "week.",
        ),
        body=(
            "The veteran he replaces, Drew Hollins, was blunt at his locker. \u201cI found "
            "out the same way you did,\u201d he said, holding up his phone. He added that he "
            "would help the rookie any way he could.",
            "Monroe, a third-round pick out of Boise State, has completed 61 percent of his "
            "passes in limited action. The Jets are 4-7 and two games out of the last wild "
            "card place.",
        ),
    ),
    DemoStory(
        post_id=3103,
        brand="main",
        slug="overnight-subway-service-returns-after-repairs-finish-early",
        headline="Overnight subway service returns after repairs finish early",
        standfirst="Riders on two lines get their late trains back three weeks ahead of "
        "schedule, transit officials said.",
        author="Priya Raman",
        section="Metro",
        published_at=_at(21, 9, 30),
        access="free",
        teaser=(
            "Late-night riders on two Brooklyn lines will have their trains back from Monday, "
            "three weeks earlier than planned, after track and signal repairs wrapped up "
            "ahead of schedule.",
            "Shuttle buses that have carried overnight passengers since September will stop "
            "running on Sunday night.",
        ),
        body=(
            "Transit officials credited a dry autumn and a second overnight crew for the "
            "early finish. The work replaced 4 miles of track and 60-year-old signals "
            "between three stations.",
            "Night-shift nurse Carmen Ortiz, who has taken the replacement bus home from the "
            "hospital three nights a week, was relieved: \u201cForty minutes on a bus at 2 "
            "a.m. gets old fast.\u201d",
        ),
    ),
    DemoStory(
        post_id=3104,
        brand="main",
        slug="inside-the-knicks-trade-deadline-plan",
        headline="Inside the Knicks' trade-deadline plan: three targets and one untouchable",
        standfirst="League sources lay out who the front office has called, what it will "
        "offer, and the one player it will not move.",
        author="Mike Delaney",
        section="Sports",
        published_at=_at(20, 14, 15),
        access="members",
        teaser=(
            "The Knicks are 13-5, a game behind the top of the East, and their front office "
            "is not standing still. Three league sources described a plan built around one "
            "more shooter and a backup centre.",
            "The calls have already started.",
        ),
        body=(
            "The first target is a 6-foot-8 wing shooting 41 percent from three on an "
            "expiring deal; a rebuilding team in the West is said to want two second-round "
            "picks and salary filler.",
            "The second and third are centres, both on cheap contracts, both players the "
            "coaching staff likes for their screening. One would cost a first-round pick, "
            "which the front office is reluctant to part with.",
            "The untouchable is second-year guard Jalen Price. Every caller has asked about "
            "him, sources said, and every caller has been told the same thing: no.",
        ),
    ),
    DemoStory(
        post_id=3201,
        brand="gossip",
        slug="pop-star-and-quarterback-spotted-at-quiet-west-village-dinner",
        headline="Pop star and quarterback spotted at quiet West Village dinner",
        standfirst="A corner table, a shared dessert and a very discreet exit through the "
        "kitchen: our spies have the details.",
        author="Lola Brennan",
        section="Celebrity",
        published_at=_at(22, 1, 10),
        access="members",
        teaser=(
            "Chart-topper Ivy Sloane and star quarterback Marcus Dane have been friends for "
            "years, or so their people say. But friends rarely leave a restaurant through "
            "the kitchen.",
            "The pair dined on Thursday at a 30-seat Italian spot on a quiet West Village "
            "street, arriving separately ten minutes apart.",
        ),
        body=(
            "\u201cThey sat in the corner and didn't look at their phones once,\u201d a "
            "fellow diner told us. \u201cThey split the tiramisu. He paid.\u201d",
            "Staff were asked to keep the back door clear at closing time, and a car was "
            "waiting on the next block. Neither camp would comment on Friday; Sloane's "
            "publicist said only that the singer \u201cloves Italian food.\u201d",
            "Sloane starts a six-night stand at the Garden next month. Dane's team has a bye "
            "that week. We checked.",
        ),
    ),
    DemoStory(
        post_id=3202,
        brand="gossip",
        slug="reality-tv-couple-confirm-split-after-eight-years",
        headline="Reality TV couple confirm split after eight years",
        standfirst="The stars of a hit renovation show say they will keep filming "
        "together: \u201cthe houses don't care.\u201d",
        author="Dev Kapoor",
        section="TV",
        published_at=_at(21, 16, 45),
        access="free",
        teaser=(
            "Renovation-show favourites Jenna and Cole Whitaker have separated after eight "
            "years of marriage, the couple said in a joint statement on Friday.",
            "They will keep working together on their show, whose sixth season starts "
            "filming in January.",
        ),
        body=(
            "\u201cWe built a family, a business and about 140 kitchens together,\u201d the "
            "statement read. \u201cThe houses don't care who is married to whom.\u201d",
            "The pair share two children and a dog that has its own fan account. Friends "
            "say the split has been amicable and months in the making.",
        ),
    ),
    DemoStory(
        post_id=3203,
        brand="gossip",
        slug="inside-the-hamptons-house-swap-that-has-neighbours-talking",
        headline="Inside the $12 million Hamptons house swap that has the neighbours talking",
        standfirst="Two moguls, two ocean-front houses and a handshake deal struck at a "
        "charity auction.",
        author="Lola Brennan",
        section="Real Estate",
        published_at=_at(20, 11, 0),
        access="members",
        teaser=(
            "It started as a joke at a charity auction in August. By October, two of the "
            "East End's best-known hosts had traded houses, furniture included, in a deal "
            "worth about $12 million.",
            "The neighbours are still trying to work out who won.",
        ),
        body=(
            "Hedge-fund founder Peter Vance wanted more beach; media executive Carla "
            "Moretti wanted a bigger garden and less wind. Their lawyers spent six weeks on "
            "the paperwork; the handshake took seconds.",
            "Each kept one thing from the old house. Vance kept a pool table. Moretti took a "
            "lemon tree in a very large pot, which needed a crane.",
            "\u201cSummer parties will never be the same,\u201d one neighbour sighed. "
            "\u201cNow I have to remember which house is whose.\u201d",
        ),
    ),
    DemoStory(
        post_id=3204,
        brand="gossip",
        slug="award-show-host-reveals-she-turned-the-gig-down-twice",
        headline="Award-show host reveals she turned the gig down twice",
        standfirst="Comedian Rosa Quint says she said no, then no again, then yes on the "
        "condition that she writes her own jokes.",
        author="Dev Kapoor",
        section="Celebrity",
        published_at=_at(19, 20, 30),
        access="free",
        teaser=(
            "This year's awards host, comedian Rosa Quint, says producers had to ask three "
            "times before she agreed to take the job.",
            "\u201cThe first time I laughed. The second time I hung up,\u201d she said on a "
            "podcast on Wednesday.",
        ),
        body=(
            "The third call came with a promise: no writers' room notes on her monologue. "
            "\u201cThey said yes before I finished the sentence, which made me nervous,\u201d "
            "Quint said.",
            "The ceremony airs in February. Quint says she has already cut two jokes "
            "\u201cfor legal reasons\u201d and kept one \u201cfor personal reasons.\u201d",
        ),
    ),
    DemoStory(
        post_id=3301,
        brand="lifestyle",
        slug="ten-minute-dinners-our-food-editors-actually-cook",
        headline="The ten-minute dinners our food editors actually cook on weeknights",
        standfirst="No sous-vide, no 40-ingredient sauces: these are the meals we make when "
        "we get home late and hungry.",
        author="Hannah Cho",
        section="Food",
        published_at=_at(22, 0, 30),
        access="free",
        teaser=(
            "Ask a food editor what they cook on a Tuesday night and the answer is rarely "
            "what they write about. We asked ours anyway.",
            "Here are the five dinners they come back to, each ready in about ten minutes.",
        ),
        body=(
            "Miso butter noodles: boil noodles, toss with a spoon each of miso and butter, "
            "a splash of the cooking water and whatever greens are going soft in the "
            "fridge.",
            "Crispy chickpeas and eggs: fry a can of drained chickpeas until they pop, crack "
            "two eggs into the pan, finish with chilli flakes and yoghurt.",
            "And the one everybody admits to: good bread, a ripe tomato, salt and olive oil. "
            "It counts.",
        ),
    ),
    DemoStory(
        post_id=3302,
        brand="lifestyle",
        slug="how-to-book-a-ski-week-that-doesnt-cost-a-months-rent",
        headline="How to book a ski week that doesn't cost a month's rent",
        standfirst="Timing, lesser-known resorts and the pass math that saves a family of "
        "four more than $1,500.",
        author="Tom Reyes",
        section="Travel",
        published_at=_at(21, 12, 0),
        access="members",
        teaser=(
            "A week on the slopes can cost more than a beach holiday, and lift tickets are "
            "only the start. But skiers who plan a little differently pay a lot less.",
            "We priced the same week at six resorts to find out where the savings are.",
        ),
        body=(
            "Go in the second week of January. Prices drop by up to 40 percent after the "
            "holidays, snow is usually reliable, and the lift lines are short.",
            "Buy the pass in spring, not in December: the same multi-resort pass cost $380 "
            "less when we bought it in April.",
            "Stay one town over. Lodging 15 minutes down the valley was half the price of "
            "slope-side rooms, and free shuttles ran every 20 minutes.",
        ),
    ),
    DemoStory(
        post_id=3303,
        brand="lifestyle",
        slug="sleep-experts-settle-the-bedroom-temperature-debate",
        headline="Sleep experts settle the great bedroom-temperature debate",
        standfirst="Cooler than you think, and your feet matter more than the thermostat.",
        author="Hannah Cho",
        section="Health",
        published_at=_at(20, 8, 20),
        access="free",
        teaser=(
            "Couples argue about it every winter. We asked three sleep researchers what the "
            "bedroom thermostat should actually say.",
            "Their answer: around 65\u00b0F, give or take a couple of degrees.",
        ),
        body=(
            "The body's core temperature falls as we fall asleep, and a cool room helps it "
            "along. Too warm, and sleep gets lighter and more broken.",
            "The surprise was socks: warm feet widen blood vessels and help the body shed "
            "heat, so people who wear them often fall asleep faster.",
        ),
    ),
    DemoStory(
        post_id=3304,
        brand="lifestyle",
        slug="running-shoes-that-survived-our-500-mile-test",
        headline="The running shoes that survived our 500-mile test",
        standfirst="We ran 14 pairs into the ground. Four were still worth wearing at the end.",
        author="Tom Reyes",
        section="Fitness",
        published_at=_at(19, 7, 45),
        access="members",
        teaser=(
            "Five testers, 14 pairs of shoes, 500 miles each on roads, tracks and the "
            "occasional muddy trail.",
            "Most shoes felt great out of the box. Far fewer still felt great at mile 400.",
        ),
        body=(
            "Our best all-rounder kept 90 percent of its cushioning at the end, according to "
            "our drop test, and the outsole showed barely any wear. It costs $140.",
            "The best value was a $95 trainer that felt firm at first and better with every "
            "week. Two testers bought a second pair with their own money.",
            "The super-shoes were thrilling for racing and done by mile 300. Save them for "
            "race day.",
        ),
    ),
)
