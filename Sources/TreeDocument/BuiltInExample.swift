import CoordinatorModel

/// The example app navinspect answers about when no tree is given: "Trailhead", a hiking app.
///
/// It has the shapes real coordinator apps have: an app coordinator that pushes a tab bar on its
/// navigation controller, four tabs with a navigation controller each, a flow started on demand
/// and presented modally, one detail coordinator class created from two tabs, and two classes
/// that declare the same `type` (so `findCoordinator(type: .profile)` has a choice to make).
public enum BuiltInExample {
    public static let name = "Trailhead"

    public static let document = #"""
        {
          "navinspect": 1,
          "root": "app",
          "window": "rootNav",
          "coordinators": [
            {"id": "app", "class": "AppCoordinator", "type": "app", "children": ["tabs"],
             "source": {"file": "Trailhead/Coordinators/AppCoordinator.swift", "line": 9},
             "trigger": null, "navigation": "rootNav"},
            {"id": "tabs", "class": "MainTabCoordinator", "type": "tab",
             "children": ["explore", "trips", "journal", "profile", "record"],
             "source": {"file": "Trailhead/Coordinators/MainTabCoordinator.swift", "line": 12},
             "trigger": {"method": "start", "onLaunch": true}, "navigation": "rootNav"},
            {"id": "explore", "class": "ExploreCoordinator", "type": "explore", "children": ["explore.trailDetail"],
             "source": {"file": "Trailhead/Coordinators/Tabs/ExploreCoordinator.swift", "line": 7},
             "trigger": {"method": "start", "onLaunch": true}, "navigation": "exploreNav"},
            {"id": "trips", "class": "TripsCoordinator", "type": "trips", "children": ["trips.trailDetail"],
             "source": {"file": "Trailhead/Coordinators/Tabs/TripsCoordinator.swift", "line": 7},
             "trigger": {"method": "start", "onLaunch": true}, "navigation": "tripsNav"},
            {"id": "journal", "class": "JournalCoordinator", "type": "journal", "children": [],
             "source": {"file": "Trailhead/Coordinators/Tabs/JournalCoordinator.swift", "line": 7},
             "trigger": {"method": "start", "onLaunch": true}, "navigation": "journalNav"},
            {"id": "profile", "class": "ProfileCoordinator", "type": "profile", "children": ["profile.edit"],
             "source": {"file": "Trailhead/Coordinators/Tabs/ProfileCoordinator.swift", "line": 7},
             "trigger": {"method": "start", "onLaunch": true}, "navigation": "profileNav"},
            {"id": "record", "class": "RecordHikeCoordinator", "type": "record", "children": [],
             "source": {"file": "Trailhead/Coordinators/Flows/RecordHikeCoordinator.swift", "line": 10},
             "trigger": {"method": "showRecordHikeFlow", "onLaunch": false}, "navigation": "recordNav"},
            {"id": "explore.trailDetail", "class": "TrailDetailCoordinator", "type": "trailDetail", "children": [],
             "source": {"file": "Trailhead/Coordinators/Flows/TrailDetailCoordinator.swift", "line": 6},
             "trigger": {"method": "showTrailDetail", "onLaunch": false}, "navigation": "exploreNav"},
            {"id": "trips.trailDetail", "class": "TrailDetailCoordinator", "type": "trailDetail", "children": [],
             "source": {"file": "Trailhead/Coordinators/Flows/TrailDetailCoordinator.swift", "line": 6},
             "trigger": {"method": "showTrailDetail", "onLaunch": false}, "navigation": "tripsNav"},
            {"id": "profile.edit", "class": "EditProfileCoordinator", "type": "profile", "children": [],
             "source": {"file": "Trailhead/Coordinators/Flows/EditProfileCoordinator.swift", "line": 8},
             "trigger": {"method": "showEditProfile", "onLaunch": false}, "navigation": "profileNav"}
          ],
          "containers": [
            {"id": "rootNav", "kind": "navigation", "stack": [
              {"class": "LaunchViewController", "owner": "app"},
              {"class": "MainTabBarController", "owner": "tabs", "embeds": "mainTabs"}
            ]},
            {"id": "mainTabs", "kind": "tabBar", "class": "MainTabBarController", "selectedIndex": 1,
             "presented": "recordNav", "tabs": [
              {"title": "Explore", "icon": "map", "tag": 0, "container": "exploreNav"},
              {"title": "Trips", "icon": "figure.hiking", "tag": 1, "container": "tripsNav"},
              {"title": "Journal", "icon": "book", "tag": 2, "container": "journalNav"},
              {"title": "Profile", "icon": "person.crop.circle", "tag": 3, "container": "profileNav"}
            ]},
            {"id": "exploreNav", "kind": "navigation", "stack": [
              {"class": "ExploreMapViewController", "owner": "explore"},
              {"class": "TrailDetailViewController", "owner": "explore.trailDetail"}
            ]},
            {"id": "tripsNav", "kind": "navigation", "stack": [
              {"class": "TripListViewController", "owner": "trips"},
              {"class": "TripSummaryViewController", "owner": "trips"},
              {"class": "TrailDetailViewController", "owner": "trips.trailDetail"}
            ]},
            {"id": "journalNav", "kind": "navigation", "stack": [
              {"class": "JournalViewController", "owner": "journal"}
            ]},
            {"id": "profileNav", "kind": "navigation", "stack": [
              {"class": "ProfileViewController", "owner": "profile"},
              {"class": "EditProfileViewController", "owner": "profile.edit"}
            ]},
            {"id": "recordNav", "kind": "navigation", "stack": [
              {"class": "RecordHikeViewController", "owner": "record"}
            ]}
          ]
        }
        """#

    /// The example, loaded.
    public static func load() -> CoordinatorTreeResult {
        var text = document
        return text.withUTF8 { buffer in
            Result { () throws(TreeLoadError) in try TreeDocumentLoader.load(bytes: UnsafeRawBufferPointer(buffer)) }
        }
    }

    public typealias CoordinatorTreeResult = Result<CoordinatorTree, TreeLoadError>
}
