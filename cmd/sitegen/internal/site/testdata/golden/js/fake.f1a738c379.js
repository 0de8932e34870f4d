console.log("fake");
